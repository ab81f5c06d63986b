import type { Locale } from '@redacta/shared';

/**
 * The offline demo writer's copy: deterministic, composed from templates, shaped by the kind of
 * request and written in the workspace language. Useful enough to try the product end to end.
 */
export type RequestKind = 'ad' | 'social' | 'email' | 'ideas' | 'outline' | 'product' | 'general';

const kindPatterns: [RequestKind, RegExp][] = [
  ['email', /\b(e-?mail|correo|newsletter|boletín|mailing)\b/i],
  ['ad', /\b(ads?|anuncios?|advert\w*|publicidad|google ads|banner|campaña|campaign)\b/i],
  [
    'social',
    /\b(post|posts|publicaci[oó]n\w*|instagram|linkedin|tweets?|twitter|tiktok|facebook|redes sociales|social)\b/i,
  ],
  ['outline', /\b(blog|art[ií]culo|article|outline|esquema|estructura|índice)\b/i],
  [
    'ideas',
    /\b(ideas?|brainstorm\w*|lluvia de ideas|nombres?|names?|slogans?|esl[oó]ganes|titulares|headlines|taglines?)\b/i,
  ],
  ['product', /\b(descripci[oó]n|description|producto|product|ficha)\b/i],
];

export function requestKind(message: string): RequestKind {
  for (const [kind, pattern] of kindPatterns) if (pattern.test(message)) return kind;
  return 'general';
}

const topicMarkers = [
  /\b(?:sobre|acerca de|about)\s+(.+)$/i,
  /\b(?:para|for)\s+(.+)$/i,
  /\b(?:de|of)\s+(.+)$/i,
];

/** The subject of the request: what follows "sobre/about/para/for…", else the request itself, shortened. */
export function requestTopic(message: string, language: Locale): string {
  const clean = message.replace(/\s+/g, ' ').trim();
  const match = topicMarkers.map((marker) => clean.match(marker)).find(Boolean);
  const topic = (match?.[1] ?? clean).replace(/[.!?¿¡:;]+$/g, '').trim();
  const words = topic.split(' ').slice(0, 10).join(' ');
  return words || (language === 'es' ? 'tu producto' : 'your product');
}

function pick<T>(options: readonly T[], seed: number): T {
  return options[seed % options.length]!;
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const es = {
  banner: '*Redactor de demostración — conecta un modelo para textos a medida.*',
  ad: (t: string, s: number) =>
    `## Anuncio: ${t}\n\n**Titular:** ${pick(['Descubre', 'Prueba hoy', 'Hazlo fácil con'], s)} ${t}\n\n` +
    `**Texto:** ¿Buscas resultados sin complicaciones? ${cap(t)} te ahorra tiempo desde el primer día, ` +
    `con una experiencia pensada para ti.\n\n**Llamada a la acción:** ${pick(['Empieza gratis', 'Pide tu demo', 'Compra ahora'], s)}\n\n` +
    `**Variante corta:** ${cap(t)}: menos esfuerzo, más resultados.`,
  social: (t: string, s: number) =>
    `## Publicación para redes: ${t}\n\n${pick(['✨', '🚀', '💡'], s)} ¿Sabías que ${t} puede cambiar tu día a día?\n\n` +
    `Te contamos tres claves:\n1. Empieza por lo sencillo.\n2. Mide lo que importa.\n3. Comparte lo que aprendes.\n\n` +
    `👉 Cuéntanos en comentarios cómo lo haces tú.\n\n#${tag(t)} #marketing #consejos`,
  email: (t: string, s: number) =>
    `## Correo: ${t}\n\n**Asunto:** ${pick(['Tenemos algo para ti', 'Una idea para esta semana', 'No te lo pierdas'], s)}: ${t}\n\n` +
    `**Vista previa:** Lo esencial en menos de un minuto.\n\nHola, [nombre]:\n\n` +
    `Sabemos que tu tiempo vale mucho, así que vamos al grano: ${t} te ayuda a conseguir más con menos esfuerzo.\n\n` +
    `- Lo que ganas: claridad y resultados desde el primer día.\n- Cómo empezar: un paso, sin compromiso.\n\n` +
    `**[Quiero saber más]**\n\nUn saludo,\n[firma]`,
  ideas: (t: string, s: number) =>
    `## Ideas para ${t}\n\n` +
    [
      `Una guía práctica: «${cap(t)} en 5 pasos».`,
      `Un caso real: antes y después de ${t}.`,
      `Los 3 errores más comunes con ${t} y cómo evitarlos.`,
      `Una encuesta a tu audiencia sobre ${t}.`,
      `Un hilo de preguntas frecuentes sobre ${t}.`,
      `Una comparativa honesta: ${t} frente a la alternativa habitual.`,
      `Un reto de 7 días relacionado con ${t}.`,
    ]
      .map((idea, i) => `${i + 1}. ${idea}`)
      .slice(0, 5 + (s % 3))
      .join('\n'),
  outline: (t: string) =>
    `## Esquema de artículo: ${t}\n\n**Título propuesto:** ${cap(t)}: la guía completa\n\n` +
    `1. **Introducción** — el problema que resuelve ${t} y a quién le importa.\n` +
    `2. **Qué es ${t}** — definición clara, sin jerga.\n3. **Beneficios** — tres ventajas con un ejemplo cada una.\n` +
    `4. **Cómo empezar** — pasos concretos.\n5. **Errores frecuentes** — y cómo evitarlos.\n` +
    `6. **Conclusión y llamada a la acción** — el siguiente paso para el lector.`,
  product: (t: string) =>
    `## Descripción de producto: ${t}\n\n${cap(t)} está pensado para quienes quieren resultados sin complicaciones.\n\n` +
    `- **Fácil de usar:** listo en minutos.\n- **Fiable:** funciona cuando lo necesitas.\n- **Hecho para ti:** se adapta a tu forma de trabajar.\n\n` +
    `**Precio:** [precio] · **Disponible en:** [canales]`,
  general: (t: string) =>
    `## Propuesta de texto: ${t}\n\n${cap(t)} merece un mensaje claro. Aquí tienes una base para empezar:\n\n` +
    `> ${cap(t)}: lo que necesitas, cuando lo necesitas, sin complicaciones.\n\n` +
    `**Siguiente paso:** dime el formato (anuncio, publicación, correo…) y el público, y lo ajusto.`,
  improve: (kind: RequestKind, t: string) =>
    `Escribe ${esKind[kind]} sobre ${t}. Público: [describe a quién va dirigido]. Tono: cercano y profesional. ` +
    `Extensión: breve. Incluye un beneficio concreto y una llamada a la acción clara.`,
};

const en = {
  banner: '*Demo writer — connect a model for tailored copy.*',
  ad: (t: string, s: number) =>
    `## Ad: ${t}\n\n**Headline:** ${pick(['Discover', 'Try today', 'Make it easy with'], s)} ${t}\n\n` +
    `**Body:** Looking for results without the hassle? ${cap(t)} saves you time from day one, ` +
    `with an experience built around you.\n\n**Call to action:** ${pick(['Start free', 'Book a demo', 'Buy now'], s)}\n\n` +
    `**Short variant:** ${cap(t)}: less effort, more results.`,
  social: (t: string, s: number) =>
    `## Social post: ${t}\n\n${pick(['✨', '🚀', '💡'], s)} Did you know ${t} can change your day-to-day?\n\n` +
    `Three keys:\n1. Start simple.\n2. Measure what matters.\n3. Share what you learn.\n\n` +
    `👉 Tell us in the comments how you do it.\n\n#${tag(t)} #marketing #tips`,
  email: (t: string, s: number) =>
    `## E-mail: ${t}\n\n**Subject:** ${pick(['We have something for you', 'An idea for this week', "Don't miss this"], s)}: ${t}\n\n` +
    `**Preview:** The essentials in under a minute.\n\nHi [name],\n\n` +
    `Your time matters, so straight to the point: ${t} helps you achieve more with less effort.\n\n` +
    `- What you gain: clarity and results from day one.\n- How to start: one step, no commitment.\n\n` +
    `**[Tell me more]**\n\nBest,\n[signature]`,
  ideas: (t: string, s: number) =>
    `## Ideas for ${t}\n\n` +
    [
      `A practical guide: "${cap(t)} in 5 steps".`,
      `A real case: before and after ${t}.`,
      `The 3 most common mistakes with ${t} and how to avoid them.`,
      `A poll asking your audience about ${t}.`,
      `An FAQ thread about ${t}.`,
      `An honest comparison: ${t} versus the usual alternative.`,
      `A 7-day challenge around ${t}.`,
    ]
      .map((idea, i) => `${i + 1}. ${idea}`)
      .slice(0, 5 + (s % 3))
      .join('\n'),
  outline: (t: string) =>
    `## Blog outline: ${t}\n\n**Suggested title:** ${cap(t)}: the complete guide\n\n` +
    `1. **Introduction** — the problem ${t} solves and who cares.\n` +
    `2. **What ${t} is** — a clear definition, no jargon.\n3. **Benefits** — three advantages, one example each.\n` +
    `4. **Getting started** — concrete steps.\n5. **Common mistakes** — and how to avoid them.\n` +
    `6. **Conclusion and call to action** — the reader's next step.`,
  product: (t: string) =>
    `## Product description: ${t}\n\n${cap(t)} is made for people who want results without the hassle.\n\n` +
    `- **Easy to use:** ready in minutes.\n- **Reliable:** works when you need it.\n- **Made for you:** adapts to the way you work.\n\n` +
    `**Price:** [price] · **Available on:** [channels]`,
  general: (t: string) =>
    `## Draft copy: ${t}\n\n${cap(t)} deserves a clear message. Here is a starting point:\n\n` +
    `> ${cap(t)}: what you need, when you need it, without the hassle.\n\n` +
    `**Next step:** tell me the format (ad, post, e-mail…) and the audience, and I will tailor it.`,
  improve: (kind: RequestKind, t: string) =>
    `Write ${enKind[kind]} about ${t}. Audience: [describe who it is for]. Tone: friendly and professional. ` +
    `Length: short. Include one concrete benefit and a clear call to action.`,
};

const esKind: Record<RequestKind, string> = {
  ad: 'un anuncio',
  social: 'una publicación para redes sociales',
  email: 'un correo de marketing',
  ideas: 'una lista de ideas',
  outline: 'el esquema de un artículo de blog',
  product: 'una descripción de producto',
  general: 'un texto de marketing',
};
const enKind: Record<RequestKind, string> = {
  ad: 'an ad',
  social: 'a social media post',
  email: 'a marketing e-mail',
  ideas: 'a list of ideas',
  outline: 'a blog post outline',
  product: 'a product description',
  general: 'marketing copy',
};

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function tag(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-zA-Z0-9 ]/g, '')
      .split(' ')
      .filter(Boolean)
      .slice(0, 2)
      .map(cap)
      .join('') || 'Redacta'
  );
}

/** The reply to a chat request: copy of the requested kind, then a one-line note that this is the demo. */
export function composeDemoReply(message: string, language: Locale): string {
  const copy = language === 'en' ? en : es;
  const kind = requestKind(message);
  const topic = requestTopic(message, language);
  return `${copy[kind](topic, seedOf(message))}\n\n${copy.banner}`;
}

/** The answer to "Improve": the draft rewritten as a complete request. */
export function composeImprovedPrompt(message: string, language: Locale): string {
  const copy = language === 'en' ? en : es;
  return copy.improve(requestKind(message), requestTopic(message, language));
}
