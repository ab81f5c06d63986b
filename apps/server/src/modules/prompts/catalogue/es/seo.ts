import type { CatalogueCategory } from '../types.ts';

export const seo: CatalogueCategory = {
  key: 'seo',
  name: 'SEO',
  prompts: [
    {
      key: 'meta-title-description',
      name: 'Meta título y meta descripción',
      text: `Escribe el meta título y la meta descripción de esta página:

- Página: {{página}}
- De qué trata y qué encuentra el usuario: {{contenido de la página}}
- Palabra clave principal: {{palabra clave}}
- Marca: {{marca}}

Entrega 5 combinaciones:
- Meta título de 60 caracteres como máximo, con la palabra clave al principio y la marca al final tras " | " solo si cabe.
- Meta descripción de 155 caracteres como máximo que resuma el beneficio, incluya la palabra clave de forma natural y termine con una llamada a la acción ("Descubre…", "Compara…", "Reserva…").
- Indica el recuento de caracteres de cada texto entre paréntesis.

Cada combinación con un enfoque distinto (beneficio, precio u oferta, pregunta, dato concreto, urgencia real). Sin palabras clave repetidas, sin MAYÚSCULAS ni promesas que la página no cumpla. Señala cuál recomiendas y por qué.`,
    },
    {
      key: 'keyword-clusters',
      name: 'Grupos de palabras clave por intención',
      text: `Propón palabras clave para {{negocio}} sobre el tema {{tema}}, pensando en {{público objetivo}} de {{mercado o país}}.

Entrega de 30 a 40 búsquedas agrupadas en 5 a 8 grupos temáticos. Para cada búsqueda:
- Intención: informativa, comercial, transaccional o de navegación.
- Fase del cliente: descubre el problema, compara opciones o está listo para comprar.
- Tipo de contenido que mejor la responde (artículo, página de producto, comparativa, herramienta, página local…).

Para cada grupo, propón la página o el artículo que lo cubriría y su palabra clave principal.

Escribe las búsquedas como las teclearía la gente de verdad, incluidas preguntas y búsquedas largas. No des volúmenes de búsqueda ni dificultad: no los tienes. Indica al final que conviene validarlos con una herramienta de SEO.`,
    },
    {
      key: 'seo-content-brief',
      name: 'Brief SEO para un redactor',
      text: `Prepara un brief SEO para que un redactor escriba un contenido que posicione por "{{palabra clave}}".

- Web y tipo de negocio: {{web y negocio}}
- Público objetivo: {{público objetivo}}
- Objetivo de negocio de la página: {{objetivo}}

El brief incluye:
1. Intención de búsqueda y qué tipo de página espera encontrar el usuario.
2. Título H1 propuesto, meta título (60 caracteres como máximo) y meta descripción (155 como máximo).
3. Estructura de H2 y H3 con lo que debe cubrir cada sección.
4. Preguntas que el texto debe responder y términos relacionados que conviene usar.
5. Extensión orientativa y por qué.
6. Enlaces internos sugeridos (por tipo de página) y llamada a la acción.
7. Qué debe aportar el texto que no tengan los típicos resultados: experiencia propia, ejemplos, datos propios, plantillas…

Claro y accionable: el redactor tiene que poder empezar sin hacer preguntas.`,
    },
    {
      key: 'featured-snippet-answers',
      name: 'Respuestas para fragmentos destacados',
      text: `Escribe respuestas optimizadas para fragmentos destacados y "Otras preguntas de los usuarios" sobre {{tema}}.

Preguntas que queremos responder (o "propón tú" para que elijas las 6 más probables): {{preguntas}}
Página donde irán: {{página de destino}}

Para cada pregunta:
- La pregunta como H2 o H3, tal como la escribiría el usuario.
- Una respuesta directa de 40 a 60 palabras que empiece respondiendo, sin rodeos ni "Es una buena pregunta".
- Si la respuesta es un proceso o una lista, da también la versión en pasos numerados o viñetas (de 4 a 8 elementos).
- Una o dos frases de ampliación para quien quiera más detalle.

Lenguaje claro y preciso; define los términos técnicos la primera vez. No inventes cifras: deja [dato] donde haga falta.`,
    },
    {
      key: 'category-page-seo',
      name: 'Texto SEO para página de categoría',
      text: `Escribe el texto SEO de la página de categoría "{{categoría}}" de la tienda {{tienda}}.

- Palabra clave principal: {{palabra clave}}
- Qué tipos de productos, marcas o rangos de precio incluye: {{surtido}}
- Qué ayuda a elegir al cliente (tallas, usos, materiales…): {{criterios de elección}}

Entrega:
1. H1 (con la palabra clave, 60 caracteres como máximo).
2. Texto superior de 50 a 80 palabras, para ir encima de los productos: qué encuentra aquí y por qué comprarlo en esta tienda.
3. Texto inferior de 250 a 400 palabras con H2: una guía breve para elegir, los usos más habituales y una mini sección de preguntas frecuentes (3 preguntas).
4. Meta título (60 caracteres como máximo) y meta descripción (155 como máximo).

Escribe para ayudar a elegir, no para repetir la palabra clave. No menciones productos, precios ni marcas que no estén en el contexto.`,
    },
    {
      key: 'image-alt-text',
      name: 'Textos alternativos para imágenes',
      text: `Escribe el texto alternativo (atributo alt) de estas imágenes de la página {{página}}:

{{descripción de las imágenes}}

Palabra clave de la página (úsala solo donde describa de verdad la imagen): {{palabra clave}}

Para cada imagen:
- Alt de 125 caracteres como máximo que describa lo que se ve y su función en la página, como se lo contarías a alguien que no la ve.
- Sin "imagen de" ni "foto de" al principio, salvo que el tipo de imagen importe (ilustración, captura, gráfico).
- Si la imagen es decorativa, indícalo y recomienda alt vacío.
- Si es un gráfico o una captura con información, resume el dato principal.

Añade un nombre de archivo en minúsculas y con guiones para cada imagen.`,
    },
    {
      key: 'on-page-review',
      name: 'Revisión SEO de un texto existente',
      text: `Revisa este texto para mejorar su SEO on-page sin perder naturalidad:

Palabra clave principal: {{palabra clave}}
Intención de búsqueda que debe cubrir: {{intención de búsqueda}}

Texto:
{{texto}}

Entrega:
1. Diagnóstico en una tabla: aspecto (título, introducción, estructura de encabezados, cobertura del tema, palabra clave y variantes, legibilidad, enlaces, llamada a la acción) | estado | qué cambiar.
2. Un H1 y un meta título (60 caracteres como máximo) y una meta descripción (155 como máximo) mejorados.
3. Una introducción reescrita.
4. Los H2 y H3 propuestos y las secciones o preguntas que faltan para cubrir la intención.
5. De 3 a 5 frases del texto reescritas donde la mejora sea más clara, con el antes y el después.

No rellenes con la palabra clave: prioriza que el texto responda mejor que los competidores.`,
    },
  ],
};
