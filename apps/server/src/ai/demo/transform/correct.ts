import type { Locale } from '@redacta/shared';
import { replaceTerms } from './text.ts';

/** Common slips in Spanish copy: missing accents, words run together or split, chat shorthand. */
const spanishSlips: Record<string, string> = {
  tambien: 'también',
  ademas: 'además',
  facil: 'fácil',
  dificil: 'difícil',
  rapido: 'rápido',
  rapidamente: 'rápidamente',
  unico: 'único',
  informacion: 'información',
  solucion: 'solución',
  soluciones: 'soluciones',
  atencion: 'atención',
  pagina: 'página',
  telefono: 'teléfono',
  todavia: 'todavía',
  despues: 'después',
  aqui: 'aquí',
  asi: 'así',
  util: 'útil',
  practico: 'práctico',
  economico: 'económico',
  exito: 'éxito',
  ultimo: 'último',
  garantia: 'garantía',
  energia: 'energía',
  tecnologia: 'tecnología',
  compañia: 'compañía',
  categoria: 'categoría',
  musica: 'música',
  electronico: 'electrónico',
  basico: 'básico',
  clasico: 'clásico',
  autentico: 'auténtico',
  comunicacion: 'comunicación',
  direccion: 'dirección',
  accion: 'acción',
  opcion: 'opción',
  coleccion: 'colección',
  promocion: 'promoción',
  envio: 'envío',
  envios: 'envíos',
  dias: 'días',
  porfavor: 'por favor',
  atravez: 'a través',
  através: 'a través',
  enserio: 'en serio',
  osea: 'o sea',
  apesar: 'a pesar',
  sinembargo: 'sin embargo',
  encambio: 'en cambio',
  aveces: 'a veces',
  haiga: 'haya',
  nadien: 'nadie',
  dijistes: 'dijiste',
  fuistes: 'fuiste',
  hicistes: 'hiciste',
  xq: 'porque',
  pq: 'porque',
  q: 'que',
  tb: 'también',
  tmb: 'también',
};

/** Common slips in English copy: misspellings, missing apostrophes, "could of". */
const englishSlips: Record<string, string> = {
  teh: 'the',
  recieve: 'receive',
  seperate: 'separate',
  definately: 'definitely',
  occured: 'occurred',
  untill: 'until',
  wich: 'which',
  alot: 'a lot',
  accomodate: 'accommodate',
  acheive: 'achieve',
  beleive: 'believe',
  buisness: 'business',
  calender: 'calendar',
  commited: 'committed',
  enviroment: 'environment',
  existance: 'existence',
  goverment: 'government',
  guarentee: 'guarantee',
  independant: 'independent',
  neccessary: 'necessary',
  noticable: 'noticeable',
  occassion: 'occasion',
  prefered: 'preferred',
  publically: 'publicly',
  realy: 'really',
  succesful: 'successful',
  sucess: 'success',
  tommorow: 'tomorrow',
  truely: 'truly',
  wierd: 'weird',
  youre: "you're",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  isnt: "isn't",
  arent: "aren't",
  wont: "won't",
  thats: "that's",
  'could of': 'could have',
  'should of': 'should have',
  'would of': 'would have',
  i: 'I',
  "i'm": "I'm",
  "i've": "I've",
  "i'll": "I'll",
};

const slips: Record<Locale, Record<string, string>> = { es: spanishSlips, en: englishSlips };

/** Spanish questions and exclamations open with ¿ and ¡. */
function invertedMarks(sentence: string): string {
  const mark = sentence.match(/[?!]$/u)?.[0];
  if (!mark) return sentence;
  const opening = mark === '?' ? '¿' : '¡';
  return sentence.includes(opening) ? sentence : opening + sentence;
}

/**
 * Spelling and grammar fixed by the demo writer's tables and rules: the slips above, a word written
 * twice, spaces around punctuation, a capital letter at each sentence's start, ¿ and ¡ in Spanish, and
 * a full stop at the end. The wording is otherwise left as it is.
 */
export function correct(text: string, language: Locale): string {
  let fixed = replaceTerms(text, slips[language])
    .replace(/(?<!\p{L})(\p{L}+)\s+\1(?!\p{L})/giu, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/([,;:])(?=\p{L})/gu, '$1 ');
  if (language === 'es') {
    fixed = fixed.replace(/[^.!?\n]+[.!?]/gu, (sentence) => {
      const leading = sentence.match(/^\s*/u)?.[0] ?? '';
      return leading + invertedMarks(sentence.trim());
    });
  }
  fixed = fixed.replace(
    /(^|[.!?]\s+|\n)([¿¡"«]?)(\p{Ll})/gu,
    (_, before: string, mark: string, letter: string) => before + mark + letter.toUpperCase(),
  );
  return fixed
    .split('\n')
    .map((line) => (line.trim() && !/[.!?…:;,)"»]$/u.test(line.trim()) ? `${line.trimEnd()}.` : line))
    .join('\n');
}
