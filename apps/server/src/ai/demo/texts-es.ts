import { capitalize, pick, type DemoTexts, type KindFrame } from './texts.ts';
import { ctas, esPools, headlines } from './pools-es.ts';

/** The demo writer's copy in Spanish (tú, as the product speaks). */
function frame(
  kind: Parameters<DemoTexts['frame']>[0],
  s: string,
  seed: number,
  hashtags: string,
): KindFrame {
  const none = { body: [], list: null, tail: [], signOff: 0 };
  switch (kind) {
    case 'ad':
      return {
        ...none,
        head: [`## Anuncio: ${s}`, `**Titular:** ${pick(headlines, seed)(s)}`],
        body: [
          `**Texto:** ¿Buscas resultados sin complicaciones? Con ${s}, ahorras tiempo desde el primer día, con una experiencia pensada para ti.`,
        ],
        tail: [
          `**Llamada a la acción:** ${pick(ctas, seed)}`,
          `**Variante corta:** Menos esfuerzo, más resultados con ${s}.`,
        ],
      };
    case 'social':
      return {
        ...none,
        head: [
          `## Publicación para redes: ${s}`,
          `${pick(['✨', '🚀', '💡'], seed)} ¿Sabías que con ${s} tu día a día puede cambiar?`,
        ],
        list: {
          family: 'tip',
          count: 3,
          label: 'claves',
          intro: (count, label) => `Te contamos ${es.numberWord(count)} ${label}:`,
        },
        tail: ['👉 Cuéntanos en comentarios cómo lo haces tú.', hashtags],
        signOff: 1,
      };
    case 'email':
      return {
        head: [
          `## Correo: ${s}`,
          `**Asunto:** ${pick(['Tenemos algo para ti', 'Una idea para esta semana', 'No te lo pierdas'], seed)}: ${s}`,
          '**Vista previa:** Lo esencial en menos de un minuto.',
          'Hola, [nombre]:',
        ],
        body: [
          `Sabemos que tu tiempo vale mucho, así que vamos al grano: con ${s} consigues más con menos esfuerzo.`,
        ],
        list: {
          family: 'tip',
          count: 2,
          intro: (count, label) => `Aquí van ${es.numberWord(count)} ${label}:`,
          items: [
            'Lo que ganas: claridad y resultados desde el primer día.',
            'Cómo empezar: un paso, sin compromiso.',
          ],
        },
        tail: ['**[Quiero saber más]**', 'Un saludo,\n[firma]'],
        signOff: 1,
      };
    case 'outline':
      return {
        ...none,
        head: [`## Esquema de artículo: ${s}`, `**Título propuesto:** Guía completa sobre ${s}`],
        list: { family: 'section', count: 6, intro: null },
      };
    case 'article':
      return { ...none, head: [`## Artículo: ${s}`] };
    case 'product':
      return {
        ...none,
        head: [`## Descripción de producto: ${s}`, `Con ${s}, los resultados llegan sin complicaciones.`],
        list: {
          family: 'tip',
          count: 3,
          label: 'ventajas',
          intro: (_, label) => `**${capitalize(label)}:**`,
          items: [
            '**Fácil de usar:** listo en minutos.',
            '**Fiable:** funciona cuando lo necesitas.',
            '**Hecho para ti:** se adapta a tu forma de trabajar.',
          ],
        },
        tail: ['**Precio:** [precio] · **Disponible en:** [canales]'],
      };
    case 'general':
      return {
        ...none,
        head: [
          `## Propuesta de texto: ${s}`,
          `Para ${s}, un mensaje claro funciona mejor. Aquí tienes una base para empezar:`,
        ],
        body: [`> Lo que necesitas, cuando lo necesitas, sin complicaciones: ${s}.`],
        tail: [
          '**Siguiente paso:** dime el formato (anuncio, publicación, correo…) y el público, y lo ajusto.',
        ],
      };
  }
}

const words = ['', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'];

export const es: DemoTexts = {
  frame,
  kindHeading: {
    ad: 'Anuncio',
    social: 'Publicación para redes',
    email: 'Correo',
    ideas: 'Ideas',
    article: 'Artículo',
    outline: 'Esquema de artículo',
    product: 'Descripción de producto',
    general: 'Propuesta de texto',
  },
  labels: {
    idea: ['idea', 'ideas'],
    headline: ['titular', 'titulares'],
    slogan: ['eslogan', 'eslóganes'],
    hashtag: ['hashtag', 'hashtags'],
    name: ['nombre', 'nombres'],
    tip: ['consejo', 'consejos'],
    question: ['pregunta', 'preguntas'],
    section: ['sección', 'secciones'],
    variant: ['variante', 'variantes'],
  },
  ...esPools,
  variantsIntro: (count) => `${capitalize(es.numberWord(count))} variantes para elegir:`,
  closings: {
    informal: 'Cuéntanos qué te parece: te leemos',
    formal: 'Quedamos a su disposición para lo que necesite',
    neutral: 'Aquí estamos para lo que necesites',
  },
  kindRequest: {
    ad: 'un anuncio',
    social: 'una publicación para redes sociales',
    email: 'un correo de marketing',
    ideas: 'una lista de ideas',
    article: 'un artículo de blog',
    outline: 'el esquema de un artículo de blog',
    product: 'una descripción de producto',
    general: 'un texto de marketing',
  },
  improve: (what, connector, subject, length) =>
    `Escribe ${what} ${connector} ${subject}. Público: [describe a quién va dirigido]. Tono: cercano y profesional. ` +
    `Extensión: ${length ? `unas ${length} palabras` : 'breve'}. Incluye un beneficio concreto y una llamada a la acción clara.`,
  numberWord: (count) => (count >= 2 && count <= 10 ? words[count - 1]! : String(count)),
  stopWords: new Set(
    'el la los las un una unos unas de del al a y e o en con para por sobre mi mis tu tus su sus nuestro nuestra nuestros nuestras que'.split(
      ' ',
    ),
  ),
};
