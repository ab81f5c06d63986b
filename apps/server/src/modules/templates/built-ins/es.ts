import type { TemplateField } from '@redacta/shared';
import type { BuiltInTemplateSpec } from './types.ts';

const tono: TemplateField = {
  key: 'tono',
  label: 'Tono',
  type: 'choice',
  required: false,
  options: ['Cercano', 'Profesional', 'Divertido', 'Premium', 'Directo'],
};

/** The Spanish built-in templates: copy a marketing team in Spain writes every week. */
export const spanishTemplates: BuiltInTemplateSpec[] = [
  {
    key: 'product-description',
    name: 'Ficha de producto para tienda online',
    description: 'Título, descripción y cinco ventajas en viñetas para la ficha de un producto.',
    prompt: `Escribe la ficha de producto de {{producto}} para nuestra tienda online.

Características y datos que puedes usar: {{caracteristicas}}
Para quién es: {{publico}}
Tono: {{tono}}

El título dice qué es el producto y su rasgo más buscado. La descripción cuenta qué resuelve en el día a día, no repite la lista de características. Cada viñeta empieza por el beneficio y termina con el dato que lo demuestra. No inventes medidas, materiales ni certificaciones que no estén en los datos.`,
    fields: [
      { key: 'producto', label: 'Producto', type: 'text', required: true, maxLength: 120 },
      {
        key: 'caracteristicas',
        label: 'Características',
        help: 'Materiales, medidas, compatibilidades, lo que venga en la ficha técnica.',
        type: 'longText',
        required: true,
        maxLength: 3000,
      },
      { key: 'publico', label: 'Público', type: 'text', required: false, maxLength: 200 },
      tono,
    ],
    output: {
      parts: [
        { key: 'title', label: 'Título', maxChars: 70 },
        { key: 'description', label: 'Descripción', maxChars: 1000 },
        { key: 'bullets', label: 'Ventajas', items: 5, maxChars: 150 },
      ],
    },
  },
  {
    key: 'search-ad',
    name: 'Anuncio de búsqueda de Google Ads (RSA)',
    description: '15 títulos, 4 descripciones y 2 rutas dentro de los límites de Google Ads.',
    prompt: `Escribe un anuncio de búsqueda adaptable de Google Ads para {{producto}}.

Palabra clave principal: {{palabra_clave}}
Público: {{publico}}
Oferta o llamada a la acción: {{oferta}}
Página de destino: {{url}}

La palabra clave, o una variante cercana, aparece en al menos tres títulos y en dos descripciones. Reparte los títulos entre ángulos distintos (beneficio, prueba, precio u oferta, urgencia, objeción resuelta, llamada a la acción): cada uno funciona solo y junto a cualquier otro. Sin signos de exclamación en los títulos, sin mayúsculas sostenidas y sin superlativos que no puedas demostrar. Las rutas son palabras de la URL visible, sin barras.`,
    fields: [
      { key: 'producto', label: 'Producto o servicio', type: 'text', required: true, maxLength: 120 },
      { key: 'palabra_clave', label: 'Palabra clave', type: 'text', required: true, maxLength: 80 },
      { key: 'publico', label: 'Público', type: 'text', required: false, maxLength: 200 },
      { key: 'oferta', label: 'Oferta', type: 'text', required: false, maxLength: 200 },
      { key: 'url', label: 'Página de destino', type: 'url', required: false },
    ],
    output: {
      parts: [
        { key: 'headlines', label: 'Títulos', items: 15, maxChars: 30 },
        { key: 'descriptions', label: 'Descripciones', items: 4, maxChars: 90 },
        { key: 'paths', label: 'Rutas', items: 2, maxChars: 15 },
      ],
    },
  },
  {
    key: 'social-ad',
    name: 'Anuncio para Meta (Facebook e Instagram)',
    description: 'Texto principal, título y descripción a la medida de los anuncios de Meta.',
    prompt: `Escribe un anuncio de Meta (Facebook e Instagram) para {{producto}}.

A quién va dirigido: {{publico}}
El beneficio que más pesa: {{beneficio}}
Oferta: {{oferta}}
Tono: {{tono}}

El texto principal engancha en la primera línea, antes del "Ver más", y habla a la persona, no de la marca. El título cierra con lo que gana quien hace clic. Sin promesas que el producto no pueda cumplir.`,
    fields: [
      { key: 'producto', label: 'Producto o servicio', type: 'text', required: true, maxLength: 120 },
      { key: 'publico', label: 'Público', type: 'text', required: true, maxLength: 200 },
      { key: 'beneficio', label: 'Beneficio principal', type: 'text', required: true, maxLength: 200 },
      { key: 'oferta', label: 'Oferta', type: 'text', required: false, maxLength: 200 },
      tono,
    ],
    output: {
      parts: [
        { key: 'primary_text', label: 'Texto principal', maxChars: 125 },
        { key: 'headline', label: 'Título', maxChars: 40 },
        { key: 'description', label: 'Descripción', maxChars: 30 },
      ],
    },
  },
  {
    key: 'email-subjects',
    name: 'Asuntos y preencabezado de email',
    description: 'Cinco asuntos para probar y un preencabezado que los complete.',
    prompt: `Propón asuntos para el email de esta campaña: {{campana}}

Destinatarios: {{publico}}
Oferta o novedad: {{oferta}}

Cada asunto prueba un ángulo distinto (curiosidad, beneficio, urgencia, pregunta, cifra concreta) y se entiende en la vista previa del móvil. Nada de mayúsculas sostenidas, exclamaciones en fila ni palabras que disparan el filtro de spam ("gratis!!!", "urgente"). El preencabezado completa el asunto, no lo repite.`,
    fields: [
      { key: 'campana', label: 'Campaña', type: 'longText', required: true, maxLength: 2000 },
      { key: 'publico', label: 'Destinatarios', type: 'text', required: false, maxLength: 200 },
      { key: 'oferta', label: 'Oferta o novedad', type: 'text', required: false, maxLength: 200 },
    ],
    output: {
      parts: [
        { key: 'subject_lines', label: 'Asuntos', items: 5, maxChars: 60 },
        { key: 'preheader', label: 'Preencabezado', maxChars: 100 },
      ],
    },
  },
  {
    key: 'seo-meta',
    name: 'Title y meta description SEO',
    description: 'El título y la descripción que Google muestra, sin que los corte.',
    prompt: `Escribe el title y la meta description de esta página: {{pagina}}

Palabra clave principal: {{palabra_clave}}
Marca: {{marca}}

La palabra clave va al principio del title y aparece una vez en la meta description. La meta description promete lo que la página da e invita al clic con un verbo. La marca va al final del title si cabe.`,
    fields: [
      { key: 'pagina', label: 'De qué trata la página', type: 'longText', required: true, maxLength: 2000 },
      { key: 'palabra_clave', label: 'Palabra clave', type: 'text', required: true, maxLength: 80 },
      { key: 'marca', label: 'Marca', type: 'text', required: false, maxLength: 60 },
    ],
    output: {
      parts: [
        { key: 'seo_title', label: 'Title', maxChars: 60 },
        { key: 'meta_description', label: 'Meta description', maxChars: 155 },
      ],
    },
  },
  {
    key: 'landing-hero',
    name: 'Cabecera de landing page',
    description: 'Titular, subtítulo y botón para la primera pantalla de una landing.',
    prompt: `Escribe la primera pantalla de la landing page de {{producto}}.

Para quién es: {{publico}}
Lo que consigue quien lo usa: {{beneficio}}
Prueba que podemos citar: {{prueba}}

El titular dice el resultado, no el producto. El subtítulo explica cómo se consigue y quita la objeción más habitual. El botón empieza por un verbo y dice qué pasa al pulsarlo.`,
    fields: [
      { key: 'producto', label: 'Producto o servicio', type: 'text', required: true, maxLength: 120 },
      { key: 'publico', label: 'Público', type: 'text', required: true, maxLength: 200 },
      { key: 'beneficio', label: 'Resultado que consigue', type: 'text', required: true, maxLength: 200 },
      {
        key: 'prueba',
        label: 'Prueba',
        help: 'Clientes, cifras, premios u opiniones reales.',
        type: 'text',
        required: false,
        maxLength: 300,
      },
    ],
    output: {
      parts: [
        { key: 'headline', label: 'Titular', maxChars: 70 },
        { key: 'subheadline', label: 'Subtítulo', maxChars: 160 },
        { key: 'cta', label: 'Botón', maxChars: 25 },
      ],
    },
  },
  {
    key: 'product-names',
    name: 'Ideas de nombre de producto',
    description: 'Diez nombres para un producto nuevo, en estilos distintos.',
    prompt: `Propón nombres para este producto: {{producto}}

Público: {{publico}}
Estilo que buscamos: {{estilo}}

Nombres cortos, fáciles de pronunciar en español y de escribir tras oírlos una vez. Mezcla nombres descriptivos, evocadores e inventados. Evita los que suenen a marcas conocidas del sector.`,
    fields: [
      { key: 'producto', label: 'Qué es y qué hace', type: 'longText', required: true, maxLength: 1000 },
      { key: 'publico', label: 'Público', type: 'text', required: false, maxLength: 200 },
      {
        key: 'estilo',
        label: 'Estilo',
        type: 'choice',
        required: false,
        options: ['Descriptivo', 'Evocador', 'Inventado', 'Juguetón', 'Técnico'],
      },
    ],
    output: { parts: [{ key: 'names', label: 'Nombres', items: 10, maxChars: 30 }] },
  },
  {
    key: 'localise',
    name: 'Localización a otro idioma y mercado',
    description: 'Adapta un texto a otro idioma y mercado, no solo lo traduce.',
    prompt: `Adapta este texto a otro idioma y a otro mercado.

Idioma de destino (código ISO 639-1): {{idioma}}
Mercado: {{mercado}}

Texto:
{{texto}}

Localiza, no traduzcas palabra por palabra: cambia expresiones, referencias, formatos de fecha, moneda y medidas a lo que se usa allí, y mantén el tono y la intención del original. No añadas información nueva. Responde solo con el texto adaptado.`,
    fields: [
      { key: 'texto', label: 'Texto original', type: 'longText', required: true },
      { key: 'idioma', label: 'Idioma de destino', type: 'language', required: true },
      { key: 'mercado', label: 'Mercado', type: 'text', required: false, maxLength: 100 },
    ],
  },
  {
    key: 'rewrite-for-channel',
    name: 'Adaptar un texto a otro canal',
    description: 'Reescribe un texto con la extensión, el formato y el registro del canal elegido.',
    prompt: `Reescribe este texto para publicarlo en {{canal}}:

{{texto}}

Ajusta la extensión, el formato (saltos de línea, emojis, hashtags, enlaces) y el registro a lo que funciona en ese canal. Conserva los datos, las cifras y la llamada a la acción del original. Responde solo con el texto nuevo.`,
    fields: [
      { key: 'texto', label: 'Texto original', type: 'longText', required: true },
      {
        key: 'canal',
        label: 'Canal',
        type: 'choice',
        required: true,
        options: ['Instagram', 'LinkedIn', 'X (Twitter)', 'Facebook', 'Newsletter', 'Web', 'WhatsApp'],
      },
    ],
  },
  {
    key: 'newsletter-intro',
    name: 'Entradilla de newsletter',
    description: 'El párrafo de apertura de la newsletter de la semana.',
    prompt: `Escribe la entradilla de la newsletter de {{marca}} de esta semana.

Temas del número: {{temas}}
Lectores: {{publico}}

Abre con algo que le importe al lector esta semana, presenta los temas sin enumerarlos como un índice y termina invitando a seguir leyendo. Un solo párrafo, en segunda persona.`,
    fields: [
      { key: 'marca', label: 'Marca', type: 'text', required: true, maxLength: 60 },
      { key: 'temas', label: 'Temas del número', type: 'longText', required: true, maxLength: 2000 },
      { key: 'publico', label: 'Lectores', type: 'text', required: false, maxLength: 200 },
    ],
    output: { parts: [{ key: 'intro', label: 'Entradilla', maxChars: 600 }] },
  },
  {
    key: 'blog-outline',
    name: 'Guion de artículo de blog',
    description: 'Título SEO y los apartados de un artículo, listos para redactar.',
    prompt: `Prepara el guion de un artículo de blog sobre {{tema}}.

Palabra clave: {{palabra_clave}}
Lectores: {{publico}}

El título incluye la palabra clave y promete algo concreto. Cada apartado es un H2 que responde a una pregunta que el lector se hace de verdad, en el orden en que se la haría.`,
    fields: [
      { key: 'tema', label: 'Tema', type: 'text', required: true, maxLength: 200 },
      { key: 'palabra_clave', label: 'Palabra clave', type: 'text', required: false, maxLength: 80 },
      { key: 'publico', label: 'Lectores', type: 'text', required: false, maxLength: 200 },
    ],
    output: {
      parts: [
        { key: 'title', label: 'Título', maxChars: 60 },
        { key: 'sections', label: 'Apartados', items: 6, maxChars: 100 },
      ],
    },
  },
  {
    key: 'customer-reply',
    name: 'Respuesta a un cliente',
    description: 'Contesta una reseña, un correo o un mensaje de un cliente.',
    prompt: `Responde a este mensaje de un cliente:

{{mensaje}}

Lo que sabemos del caso: {{contexto}}
Tono: {{tono}}

Agradece o reconoce lo que dice en la primera frase, responde a lo que pregunta o reclama sin excusas y propón un siguiente paso concreto. Sin fórmulas de plantilla ("lamentamos las molestias ocasionadas"). Firma como el equipo de atención al cliente.`,
    fields: [
      { key: 'mensaje', label: 'Mensaje del cliente', type: 'longText', required: true, maxLength: 3000 },
      { key: 'contexto', label: 'Contexto', type: 'longText', required: false, maxLength: 1000 },
      tono,
    ],
  },
  {
    key: 'linkedin-post',
    name: 'Publicación de LinkedIn',
    description: 'Una publicación de empresa o de perfil personal para LinkedIn.',
    prompt: `Escribe una publicación de LinkedIn sobre {{tema}}.

Ideas que tiene que contar: {{ideas}}
A quién va dirigida: {{publico}}
Qué queremos que hagan después: {{llamada}}

Las dos primeras líneas enganchan antes del "ver más". Párrafos de una o dos frases, una experiencia o un dato concreto en el centro y una pregunta o llamada a la acción al final. Sin emojis en cada línea.`,
    fields: [
      { key: 'tema', label: 'Tema', type: 'text', required: true, maxLength: 200 },
      { key: 'ideas', label: 'Ideas clave', type: 'longText', required: true, maxLength: 2000 },
      { key: 'publico', label: 'Público', type: 'text', required: false, maxLength: 200 },
      { key: 'llamada', label: 'Llamada a la acción', type: 'text', required: false, maxLength: 200 },
    ],
    output: {
      parts: [
        { key: 'post', label: 'Publicación', maxChars: 3000 },
        { key: 'hashtags', label: 'Hashtags', items: 3, maxChars: 30 },
      ],
    },
  },
  {
    key: 'instagram-caption',
    name: 'Texto para Instagram',
    description: 'Pie de foto con gancho, cuerpo y hashtags para una publicación de Instagram.',
    prompt: `Escribe el texto de una publicación de Instagram sobre {{tema}}.

Lo que se ve en la imagen o el vídeo: {{imagen}}
Tono: {{tono}}

La primera línea engancha antes del "más". Frases cortas, algún emoji si encaja y una llamada a la acción clara (guardar, comentar, ir al enlace de la bio).`,
    fields: [
      { key: 'tema', label: 'Tema', type: 'text', required: true, maxLength: 200 },
      { key: 'imagen', label: 'Imagen o vídeo', type: 'text', required: false, maxLength: 300 },
      tono,
    ],
    output: {
      parts: [
        { key: 'caption', label: 'Texto', maxChars: 2200 },
        { key: 'hashtags', label: 'Hashtags', items: 5, maxChars: 30 },
      ],
    },
  },
];
