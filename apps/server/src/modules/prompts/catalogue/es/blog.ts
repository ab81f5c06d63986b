import type { CatalogueCategory } from '../types.ts';

export const blog: CatalogueCategory = {
  key: 'blog',
  name: 'Blog',
  prompts: [
    {
      key: 'blog-outline',
      name: 'Esquema de artículo de blog',
      text: `Crea el esquema de un artículo de blog sobre {{tema}} para {{público objetivo}}.

- Palabra clave principal: {{palabra clave}}
- Objetivo del artículo (informar, captar contactos, vender…): {{objetivo}}
- Extensión prevista en palabras: {{extensión}}

Entrega:
1. 3 propuestas de título H1 de 60 caracteres como máximo, con la palabra clave al principio cuando suene natural.
2. La intención de búsqueda en una frase: qué quiere resolver quien busca esto.
3. El esquema con H2 y H3. Debajo de cada H2: de 2 a 4 viñetas con las ideas, ejemplos o datos que debe cubrir y una estimación de palabras.
4. Dónde encaja la llamada a la acción y cuál sería.
5. 3 enlaces internos o recursos que convendría citar (descríbelos; no inventes URL).

Los H2 deben responder preguntas reales del lector y seguir un orden lógico, no ser palabras clave en fila.`,
    },
    {
      key: 'blog-titles',
      name: 'Titulares para un artículo',
      text: `Propón 12 titulares para un artículo de blog sobre {{tema}} dirigido a {{público objetivo}}.

Lo que el lector obtiene al leerlo: {{promesa del artículo}}

- Reparte los titulares entre formatos: guía ("Cómo…"), lista con número, pregunta, error que evitar, comparación, caso real y opinión.
- 60 caracteres como máximo; indica el recuento entre paréntesis.
- Cada titular promete algo concreto y creíble que el artículo puede cumplir: nada de "definitivo", "increíble" ni cebo de clics.
- Marca con un asterisco los 3 que elegirías y explica en una línea por qué cada uno.`,
    },
    {
      key: 'blog-intro',
      name: 'Introducción de artículo',
      text: `Escribe la introducción de un artículo titulado "{{título del artículo}}" para {{público objetivo}}.

Lo que el artículo va a cubrir: {{contenido del artículo}}

Entrega 3 versiones de 80 a 120 palabras cada una, con enfoques distintos:
1. Escena: una situación concreta que el lector haya vivido.
2. Dato o afirmación: una idea que desafíe lo que el lector da por hecho (sin inventar cifras; si necesitas una, deja [dato]).
3. Pregunta directa: el problema formulado como se lo preguntaría el lector.

Todas deben: enganchar en la primera frase, dejar claro en la segunda o la tercera qué va a aprender y por qué le importa, y terminar dando paso al contenido. Prohibido empezar con "En el mundo actual", "Hoy en día" o una definición de diccionario.`,
    },
    {
      key: 'blog-full-post',
      name: 'Artículo de blog completo',
      text: `Escribe un artículo de blog completo sobre {{tema}}.

- Público objetivo y su nivel de conocimiento: {{público objetivo}}
- Palabra clave principal: {{palabra clave}}
- Extensión aproximada en palabras: {{extensión}}
- Llamada a la acción final: {{llamada a la acción}}
- Ideas, ejemplos o datos propios que quiero incluir: {{aportación propia}}

Requisitos:
- Título H1 de 60 caracteres como máximo y una meta descripción de 155 caracteres como máximo.
- Introducción de 100 palabras como máximo que enganche y diga qué va a aprender el lector.
- Subtítulos H2 y H3 que se puedan leer en diagonal; párrafos de 4 líneas como máximo; listas donde ayuden.
- Al menos un ejemplo concreto por sección y un paso accionable.
- Integra la palabra clave en el H1, en la introducción y en algún H2 sin forzarla.
- Cierre con un resumen breve y la llamada a la acción.

No inventes estadísticas, estudios ni citas: si hace falta un dato, deja [dato y fuente]. Tono experto pero cercano, en segunda persona.`,
    },
    {
      key: 'how-to-guide',
      name: 'Guía paso a paso',
      text: `Escribe una guía paso a paso para {{tarea}} dirigida a {{público objetivo}}.

- Lo que el lector necesita antes de empezar: {{requisitos previos}}
- Errores habituales que conviene advertir: {{errores habituales}}

Estructura:
1. Título "Cómo…" de 60 caracteres como máximo.
2. Para quién es y qué conseguirá al terminar, en 2 frases, con el tiempo aproximado que le llevará.
3. Lo que necesitas: lista breve.
4. Los pasos numerados: cada uno empieza con un verbo en imperativo, explica el porqué en una frase y añade un consejo o aviso cuando haga falta. Indica [captura: …] donde una imagen ayude.
5. Problemas frecuentes y cómo resolverlos.
6. Siguiente paso recomendado.

Un paso, una acción. Si un paso tiene más de tres acciones, divídelo.`,
    },
    {
      key: 'listicle',
      name: 'Artículo en formato lista',
      text: `Escribe un artículo en formato lista: "{{número}} {{tema de la lista}}" para {{público objetivo}}.

Criterio para elegir y ordenar los elementos: {{criterio}}

- Introducción de 60 a 90 palabras: por qué importa esta lista y cómo se ha elaborado.
- Cada elemento: un subtítulo que se entienda solo, de 60 a 120 palabras con el porqué, un ejemplo concreto y un consejo práctico.
- Evita elementos de relleno o que se solapen: si no llegas al número con calidad, dilo y propón un número menor.
- Cierre: cuál elegir según el caso del lector, en 3 o 4 frases.

Si mencionas herramientas, marcas o precios, no inventes datos: deja [precio] o [dato a comprobar].`,
    },
    {
      key: 'case-study',
      name: 'Caso de éxito de cliente',
      text: `Escribe un caso de éxito sobre cómo {{cliente}} usó {{producto o servicio}}.

- Situación de partida y problema: {{situación inicial}}
- Qué hicimos o cómo lo usaron: {{solución aplicada}}
- Resultados medibles: {{resultados}}
- Cita del cliente (escribe "ninguna" si no hay): {{cita del cliente}}

Estructura:
1. Titular que contenga el resultado principal.
2. Ficha resumen: sector, tamaño, reto, solución y resultado en una línea cada uno.
3. El reto (100–150 palabras): qué estaba en juego y qué habían probado antes.
4. La solución (150–200 palabras): decisiones concretas y cómo fue la puesta en marcha.
5. Los resultados: cifras del contexto, en una lista, con el plazo en que se lograron.
6. Llamada a la acción para lectores con el mismo reto.

Usa solo los resultados y la cita del contexto; si no hay cita, deja [cita del cliente] sin inventarla.`,
    },
  ],
};
