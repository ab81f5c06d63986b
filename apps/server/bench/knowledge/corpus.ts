import { buildDocx, buildPdf } from '../../test/helpers/knowledge-files.ts';

/**
 * The benchmark's fixture corpus, generated: facts of a made-up company in Spanish and English, each
 * with the question a person would ask, hidden among filler paragraphs in files of every kind.
 */
export interface Fact {
  /** The sentence stored in the corpus. */
  text: string;
  /** A phrase only that sentence contains: a retrieved passage holding it answers the question. */
  key: string;
  question: string;
}

export const facts: Fact[] = [
  {
    text: 'El Plan Pro de Nubia cuesta 49 euros al mes por equipo.',
    key: '49 euros al mes',
    question: '¿Cuánto cuesta el Plan Pro?',
  },
  {
    text: 'Los envíos a Canarias tardan entre cinco y siete días laborables.',
    key: 'Canarias tardan',
    question: '¿Cuánto tarda un envío a Canarias?',
  },
  {
    text: 'La garantía de las baterías Nubia dura tres años desde la compra.',
    key: 'baterías Nubia dura',
    question: '¿Cuántos años de garantía tienen las baterías?',
  },
  {
    text: 'Nubia se fundó en Valencia en 2011 por dos ingenieras de telecomunicaciones.',
    key: 'fundó en Valencia',
    question: '¿Dónde y cuándo se fundó Nubia?',
  },
  {
    text: 'El soporte telefónico atiende de lunes a viernes de 8 a 20 horas.',
    key: 'soporte telefónico atiende',
    question: '¿En qué horario atiende el soporte telefónico?',
  },
  {
    text: 'Las devoluciones son gratuitas durante los primeros treinta días.',
    key: 'devoluciones son gratuitas',
    question: '¿Son gratis las devoluciones?',
  },
  {
    text: 'El modelo Aurora pesa 1,2 kilos y su batería dura catorce horas.',
    key: 'Aurora pesa',
    question: '¿Cuánto pesa el modelo Aurora?',
  },
  {
    text: 'Los clientes de empresa tienen un gestor de cuenta dedicado.',
    key: 'gestor de cuenta dedicado',
    question: '¿Los clientes de empresa tienen gestor de cuenta?',
  },
  {
    text: 'El descuento para estudiantes es del veinte por ciento con carné válido.',
    key: 'descuento para estudiantes',
    question: '¿Qué descuento tienen los estudiantes?',
  },
  {
    text: 'La sede central de Nubia tiene paneles solares que cubren su consumo.',
    key: 'paneles solares',
    question: '¿La sede usa energía solar?',
  },
  {
    text: 'The Nubia Pro plan costs 49 euros per month for each team.',
    key: 'costs 49 euros per month',
    question: 'How much is the Pro plan per month?',
  },
  {
    text: 'Shipping to the United Kingdom takes three to four business days.',
    key: 'United Kingdom takes',
    question: 'How long does shipping to the UK take?',
  },
  {
    text: 'The Aurora laptop weighs 1.2 kilograms and its battery lasts fourteen hours.',
    key: 'Aurora laptop weighs',
    question: 'How heavy is the Aurora laptop?',
  },
  {
    text: 'Nubia was founded in Valencia in 2011 by two telecom engineers.',
    key: 'founded in Valencia',
    question: 'When was Nubia founded?',
  },
  {
    text: 'Customer support answers the phone on weekdays from 8 am to 8 pm.',
    key: 'answers the phone on weekdays',
    question: 'When can I call customer support?',
  },
  {
    text: 'Returns are free of charge within the first thirty days.',
    key: 'Returns are free',
    question: 'Are returns free?',
  },
  {
    text: 'Enterprise customers get a dedicated account manager.',
    key: 'dedicated account manager',
    question: 'Do enterprise customers get an account manager?',
  },
  {
    text: 'Students get a twenty percent discount with a valid student card.',
    key: 'twenty percent discount',
    question: 'Is there a student discount?',
  },
  {
    text: 'Every Nubia battery carries a three-year warranty from the date of purchase.',
    key: 'three-year warranty',
    question: 'How long is the battery warranty?',
  },
  {
    text: 'The Nubia headquarters runs on rooftop solar panels.',
    key: 'rooftop solar panels',
    question: 'Does the headquarters use solar power?',
  },
];

const fillerWords = {
  es: 'nuestro equipo trabaja cada día para ofrecer soluciones sencillas claras y cercanas a empresas que crecen con ilusión confianza calidad diseño cuidado servicio innovación proyecto cliente experiencia resultado proceso mejora'.split(
    ' ',
  ),
  en: 'our team works every day to deliver simple clear friendly solutions for growing companies with care trust quality design service innovation project customer experience result process improvement'.split(
    ' ',
  ),
};

/** A deterministic filler paragraph of about `words` words in a language. */
export function filler(language: 'es' | 'en', seed: number, words = 60): string {
  const pool = fillerWords[language];
  const out: string[] = [];
  let state = seed * 2654435761;
  for (let i = 0; i < words; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    out.push(pool[state % pool.length]!);
    if (i % 12 === 11) out[out.length - 1] += '.';
  }
  return `${out.join(' ')}.`;
}

export interface CorpusFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** The facts spread over a PDF, a DOCX, a Markdown, an HTML and a TXT file, each with filler around them. */
export function corpusFiles(): CorpusFile[] {
  const groups = [0, 1, 2, 3, 4].map((g) => facts.filter((_, i) => i % 5 === g));
  const [pdfFacts, docxFacts, mdFacts, htmlFacts, txtFacts] = groups as [
    Fact[],
    Fact[],
    Fact[],
    Fact[],
    Fact[],
  ];
  let seed = 1;
  const para = (fact: Fact) =>
    `${filler(/[ñáéíóú¿]|\b(el|la|los|las|de)\b/.test(fact.text) ? 'es' : 'en', seed++)} ${fact.text} ${filler('en', seed++, 30)}`;
  return [
    {
      name: 'catalogo.pdf',
      type: 'application/pdf',
      bytes: buildPdf(pdfFacts.map((fact) => wrap(para(fact), 90))),
    },
    {
      name: 'politicas.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: buildDocx(
        docxFacts.flatMap((fact, i) => [{ heading: `Sección ${i + 1}` }, { paragraph: para(fact) }]),
      ),
    },
    {
      name: 'guia.md',
      type: 'text/markdown',
      bytes: Buffer.from(mdFacts.map((fact, i) => `## Apartado ${i + 1}\n\n${para(fact)}\n`).join('\n')),
    },
    {
      name: 'web.html',
      type: 'text/html',
      bytes: Buffer.from(
        `<html><head><title>Nubia</title></head><body><article>${htmlFacts
          .map((fact, i) => `<h2>Part ${i + 1}</h2><p>${para(fact)}</p>`)
          .join('')}</article></body></html>`,
      ),
    },
    { name: 'notas.txt', type: 'text/plain', bytes: Buffer.from(txtFacts.map(para).join('\n\n')) },
  ];
}

/** Lines of at most `width` characters, as a PDF page holds them. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
