import type { CatalogueCategory } from '../types.ts';

export const rewrite: CatalogueCategory = {
  key: 'rewrite',
  name: 'Reescritura',
  prompts: [
    {
      key: 'shorten',
      name: 'Acortar un texto',
      text: `Acorta este texto hasta {{extensión objetivo}} sin perder lo esencial.

Texto:
{{texto}}

Cómo hacerlo:
- Conserva el mensaje principal, los datos concretos, los nombres y la llamada a la acción.
- Elimina repeticiones, rodeos, adverbios innecesarios y frases que solo introducen otras.
- Convierte construcciones pasivas y nominalizaciones en verbos directos ("realizar la gestión" → "gestionar").
- Mantén el tono y la voz del original.

Entrega la versión acortada, su recuento de palabras o caracteres y, debajo, una lista breve de lo que has quitado por si quiero recuperar algo.`,
    },
    {
      key: 'expand',
      name: 'Ampliar un texto',
      text: `Amplía este texto hasta unas {{extensión objetivo}} para {{público objetivo}}.

Texto:
{{texto}}

Cómo hacerlo:
- Añade sustancia, no relleno: ejemplos concretos, el porqué de cada afirmación, pasos prácticos, objeciones y su respuesta, o una comparación que ayude a entender.
- No inventes datos, estudios ni testimonios: si un punto necesita una cifra, deja [dato].
- Mantén el tono, la estructura de ideas y la llamada a la acción del original.
- Usa subtítulos o listas si el texto ampliado lo necesita para leerse bien.

Marca en negrita las partes nuevas para que pueda revisarlas.`,
    },
    {
      key: 'change-tone',
      name: 'Cambiar el tono',
      text: `Reescribe este texto con un tono {{tono deseado}}, pensando en {{público objetivo}}.

Texto:
{{texto}}

- Cambia vocabulario, ritmo y longitud de las frases, tratamiento (tú o usted) y nivel de formalidad para que encajen con el tono pedido.
- Conserva el contenido: los datos, los argumentos, el orden lógico y la llamada a la acción.
- No añadas promesas, datos ni emojis que no estén en el original, salvo que el tono lo pida de forma clara.

Entrega 2 versiones: una que se quede cerca del original y otra que lleve el tono más lejos. Después, en 3 viñetas, explica qué has cambiado y por qué.`,
    },
    {
      key: 'translate-localise',
      name: 'Traducir y adaptar a otro mercado',
      text: `Traduce y adapta este texto de marketing al {{idioma y país de destino}}.

Texto:
{{texto}}

Tipo de texto y canal: {{tipo de texto}}

- No traduzcas palabra por palabra: adapta expresiones, juegos de palabras, ejemplos, unidades, formatos de fecha y moneda, y referencias culturales para que suene escrito allí.
- Respeta los límites de longitud del canal si los tiene (anuncios, asuntos, metadatos) e indica el recuento.
- Mantén los nombres de marca, de producto y las cifras tal cual.
- Usa el tratamiento habitual en ese mercado para este tipo de marca.

Entrega la traducción y, debajo, una lista de las adaptaciones que has hecho y de cualquier frase que convendría revisar con un nativo (por ejemplo, un juego de palabras sin equivalente).`,
    },
    {
      key: 'simplify',
      name: 'Simplificar a lenguaje claro',
      text: `Reescribe este texto en lenguaje claro para {{público objetivo}}.

Texto:
{{texto}}

- Frases de 20 palabras como máximo; una idea por frase.
- Palabras cotidianas en lugar de jerga técnica o administrativa; si un término técnico es necesario, explícalo la primera vez.
- Voz activa y verbos directos; el sujeto al principio.
- Lo más importante para el lector, primero.
- Listas para pasos, requisitos u opciones.

No pierdas precisión: si simplificar cambia el significado (por ejemplo, en condiciones legales o de precio), mantén el matiz y avísame. Entrega el texto y un antes/después de las 3 frases que más han cambiado.`,
    },
    {
      key: 'proofread',
      name: 'Corregir ortografía y estilo',
      text: `Corrige este texto en {{idioma del texto}}:

{{texto}}

1. Ortografía, gramática, puntuación, tildes, concordancias y mayúsculas, según la norma del idioma indicado.
2. Estilo: repeticiones cercanas, frases demasiado largas, muletillas, ambigüedades y anglicismos innecesarios.
3. Coherencia: el mismo término para el mismo concepto y el mismo tratamiento (tú o usted) de principio a fin.

Entrega primero el texto corregido, listo para copiar. Después, una tabla con los cambios: original | corrección | motivo. Separa las correcciones obligatorias de las sugerencias de estilo. No cambies el tono ni el contenido.`,
    },
    {
      key: 'persuasive-rewrite',
      name: 'Reescribir con una fórmula persuasiva',
      text: `Reescribe este texto con una fórmula persuasiva para que convenza más a {{público objetivo}}.

Fórmula (AIDA, PAS, antes-después-puente, 4U…): {{fórmula}}
Acción que queremos conseguir: {{acción deseada}}

Texto:
{{texto}}

- Señala con una etiqueta entre corchetes cada parte de la fórmula ([Atención], [Problema]…).
- Conserva los datos y las afirmaciones del original; no añadas promesas, cifras ni testimonios.
- Concreta lo abstracto: cambia las afirmaciones vagas por ejemplos o consecuencias para el lector.
- Una sola llamada a la acción, clara, al final.

Entrega la versión nueva y, en 3 viñetas, por qué convence más que la original.`,
    },
    {
      key: 'repurpose',
      name: 'Reaprovechar un contenido en otro formato',
      text: `Convierte este contenido en piezas para otros formatos.

Formatos que quiero (por ejemplo: 3 publicaciones de LinkedIn, un hilo de X, un email y un guion de vídeo corto): {{formatos de destino}}
Público: {{público objetivo}}

Contenido original:
{{texto}}

- Extrae las ideas más fuertes y reparte una idea principal por pieza, sin resumir lo mismo en todas.
- Adapta cada pieza a las normas de su formato: extensión, gancho inicial, estructura y llamada a la acción.
- Cada pieza debe entenderse sin haber leído el original.
- Conserva los datos y las citas exactamente como están.

Entrega las piezas numeradas, cada una con su formato indicado en el título.`,
    },
  ],
};
