import type { Locale } from '@redacta/shared';

type Phrase = (subject: string) => string;

/**
 * Copy for a template's output parts, by kind of part, in each language. As in the rest of the demo's
 * copy, the subject sits where any noun phrase reads well, so nothing has to agree with it in gender or
 * number. Longer wordings come first:
 * the writer takes the first that fits a part's limit, so a roomy part reads fuller and a tight one
 * (a 30-character headline) still gets a whole phrase.
 */
export interface PartPools {
  /** Titles, headlines and subject lines. */
  short: Phrase[];
  /** One sentence: a description, a meta description, a preheader, a subheadline. */
  sentence: Phrase[];
  /** A list of benefits. */
  benefit: Phrase[];
  /** The sections of an outline. */
  section: Phrase[];
  /** Button labels. */
  cta: Phrase[];
  /** The second half of a name idea. */
  nameWords: string[];
  /** The rest of a URL's path after the subject's words. */
  paths: string[];
  hashtags: string[];
}

export const partPools: Record<Locale, PartPools> = {
  es: {
    short: [
      (s) => `${s}: lo que buscabas, sin complicaciones`,
      (s) => `Descubre ${s} y gana tiempo cada día`,
      (s) => `${s} para tu día a día`,
      (s) => `Lo que cambia con ${s}`,
      (s) => `¿Ya conoces ${s}?`,
      (s) => `Descubre ${s}`,
      (s) => `Elige ${s}`,
      (s) => `Prueba ${s} hoy`,
      (s) => `${s} a tu medida`,
      (s) => `Todo sobre ${s}`,
      (s) => `Conoce ${s}`,
      (s) => `${s}, sin rodeos`,
      (s) => `Ahora, ${s}`,
      (s) => `Más fácil con ${s}`,
      (s) => `${s} que se nota`,
      (s) => `Lo nuevo: ${s}`,
      (s) => `${s}, de verdad`,
      (s) => s,
    ],
    sentence: [
      (s) =>
        `Con ${s} ganas tiempo y tranquilidad desde el primer día: fácil de empezar, para tu día a día y con una persona al otro lado cuando la necesitas.`,
      (s) => `Descubre ${s}: fácil de empezar, para tu día a día y sin letra pequeña.`,
      (s) => `Descubre ${s} para tu día a día.`,
      (s) => `${s}, para ti.`,
      (s) => `Descubre ${s}.`,
      (s) => `${s}.`,
    ],
    benefit: [
      (s) => `Empiezas en minutos: con ${s} no pierdes tiempo.`,
      (s) => `Para durar: ${s} aguanta el uso de todos los días.`,
      () => 'Menos esfuerzo en cada paso, con resultados que se notan.',
      () => 'Atención cercana: te responde una persona, no un robot.',
      (s) => `Sin letra pequeña: te contamos lo que ofrece ${s}.`,
      () => 'Cada detalle está cuidado, y se nota.',
      () => 'Fácil de elegir y de usar.',
      () => 'Para ti, sin rodeos.',
    ],
    section: [
      (s) => `Qué es ${s} y para quién es`,
      (s) => `Por qué elegir ${s}: lo que cambia de verdad`,
      (s) => `Cómo empezar con ${s}, paso a paso`,
      () => 'Errores frecuentes y cómo evitarlos',
      (s) => `Un caso real con ${s}`,
      () => 'Preguntas habituales, con respuestas breves',
      () => 'Cómo medir los resultados',
      () => 'Conclusión: el siguiente paso',
    ],
    cta: [
      (s) => `Quiero ${s}`,
      () => 'Empieza hoy',
      () => 'Pide información',
      () => 'Descúbrelo',
      () => 'Ver más',
    ],
    nameWords: [
      'Norte',
      'Esencia',
      'Luna',
      'Senda',
      'Alma',
      'Brote',
      'Faro',
      'Nido',
      'Origen',
      'Raíz',
      'Casa',
      'Punto',
    ],
    paths: ['Novedades', 'Ofertas', 'Tienda', 'Info'],
    hashtags: [
      'Novedades',
      'ComercioLocal',
      'Calidad',
      'Inspiración',
      'HechoAMano',
      'Tendencias',
      'Recomendado',
    ],
  },
  en: {
    short: [
      (s) => `${s}: what you were looking for, made simple`,
      (s) => `Discover ${s} and save time every day`,
      (s) => `${s}, made for your everyday`,
      (s) => `What changes with ${s}`,
      (s) => `Have you met ${s}?`,
      (s) => `Discover ${s}`,
      (s) => `Choose ${s}`,
      (s) => `Try ${s} today`,
      (s) => `${s}, your way`,
      (s) => `All about ${s}`,
      (s) => `Meet ${s}`,
      (s) => `${s}, no fuss`,
      (s) => `Now: ${s}`,
      (s) => `Easier with ${s}`,
      (s) => `${s} you can feel`,
      (s) => `New: ${s}`,
      (s) => `${s}, for real`,
      (s) => s,
    ],
    sentence: [
      (s) =>
        `With ${s} you save time and worry from day one: easy to start, made for your everyday and with a real person on hand when you need one.`,
      (s) => `Discover ${s}: easy to start, made for your everyday, no small print.`,
      (s) => `Discover ${s}, made for your everyday.`,
      (s) => `${s}, made for you.`,
      (s) => `Discover ${s}.`,
      (s) => `${s}.`,
    ],
    benefit: [
      (s) => `Up and running in minutes: ${s} is built so you lose no time.`,
      (s) => `Made to last: ${s} takes everyday use in its stride.`,
      () => 'Less effort at every step, with results you notice.',
      () => 'Real support: a person answers, not a bot.',
      (s) => `No small print: we tell you what ${s} offers.`,
      () => 'Every detail is looked after, and it shows.',
      () => 'Easy to choose and to use.',
      () => 'Made for you.',
    ],
    section: [
      (s) => `What ${s} is and who it is for`,
      (s) => `Why choose ${s}: what really changes`,
      (s) => `Getting started with ${s}, step by step`,
      () => 'Common mistakes and how to avoid them',
      (s) => `A real case with ${s}`,
      () => 'Frequent questions, briefly answered',
      () => 'How to measure the results',
      () => 'Wrapping up: the next step',
    ],
    cta: [
      (s) => `Get ${s}`,
      () => 'Get started today',
      () => 'Find out more',
      () => 'Discover it',
      () => 'See more',
    ],
    nameWords: [
      'North',
      'Essence',
      'Moon',
      'Trail',
      'Soul',
      'Sprout',
      'Beacon',
      'Nest',
      'Origin',
      'Root',
      'Home',
      'Point',
    ],
    paths: ['New', 'Offers', 'Shop', 'Info'],
    hashtags: ['NewIn', 'ShopLocal', 'Quality', 'Inspiration', 'Handmade', 'Trending', 'Recommended'],
  },
};
