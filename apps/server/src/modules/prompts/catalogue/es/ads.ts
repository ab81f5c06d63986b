import type { CatalogueCategory } from '../types.ts';

export const ads: CatalogueCategory = {
  key: 'ads',
  name: 'Anuncios',
  prompts: [
    {
      key: 'google-search-ad',
      name: 'Anuncio de búsqueda de Google Ads (RSA)',
      text: `Escribe un anuncio de búsqueda adaptable (RSA) de Google Ads para {{producto o servicio}}.

Contexto:
- Público objetivo: {{público objetivo}}
- Palabra clave principal: {{palabra clave}}
- Lo que nos diferencia: {{ventaja diferencial}}
- Oferta o llamada a la acción: {{oferta}}

Entrega:
1. 15 títulos de 30 caracteres como máximo cada uno, espacios incluidos. Pon entre paréntesis cuántos caracteres tiene cada uno.
2. 4 descripciones de 90 caracteres como máximo cada una, también con su recuento.
3. 2 rutas visibles de la URL de 15 caracteres como máximo cada una.

Reglas:
- La palabra clave, o una variante cercana, aparece en al menos 3 títulos y en 2 descripciones.
- Reparte los títulos entre ángulos distintos para que Google tenga qué combinar: beneficio, prueba o credibilidad, precio u oferta, urgencia, objeción resuelta y llamada a la acción. Ningún título repite la idea de otro.
- Cada título funciona solo y al lado de cualquier otro: no dependas del orden.
- Sin signos de exclamación en los títulos, sin MAYÚSCULAS sostenidas y sin superlativos que no puedas demostrar ("el mejor", "n.º 1").
- Si un dato (precio, plazo, cifra) no está en el contexto, no lo inventes: deja [precio], [plazo]…

Termina con una línea que diga qué 2 títulos fijarías en la posición 1 y por qué.`,
    },
    {
      key: 'google-ads-assets',
      name: 'Enlaces de sitio y textos destacados de Google Ads',
      text: `Escribe los recursos complementarios de una campaña de búsqueda de Google Ads para {{producto o servicio}} ({{sitio web}}).

Lo que el usuario puede encontrar en la web: {{secciones o páginas clave}}
Ventajas que podemos afirmar: {{ventajas demostrables}}

Entrega:
1. 6 enlaces de sitio: texto del enlace de 25 caracteres como máximo y dos líneas de descripción de 35 caracteres como máximo cada una. Indica a qué página debería llevar cada uno.
2. 8 textos destacados de 25 caracteres como máximo (envío, garantía, soporte, formas de pago…), sin repetir lo que ya dicen los enlaces.
3. 1 fragmento estructurado: elige la cabecera más adecuada (Servicios, Tipos, Marcas, Destinos…) y da de 4 a 6 valores de 25 caracteres como máximo.

Pon el recuento de caracteres entre paréntesis. Frases nominales y concretas, sin signos de exclamación ni puntuación final en los destacados. No afirmes nada que no esté en las ventajas indicadas.`,
    },
    {
      key: 'performance-max-assets',
      name: 'Recursos de texto para Performance Max',
      text: `Prepara los recursos de texto de un grupo de recursos de Performance Max para {{producto o servicio}}.

- Público objetivo: {{público objetivo}}
- Objetivo de la campaña: {{objetivo de la campaña}}
- Argumentos principales: {{argumentos de venta}}
- Nombre de la empresa: {{nombre de la empresa}}

Entrega, con el recuento de caracteres entre paréntesis:
- 5 títulos de 30 caracteres como máximo.
- 5 títulos largos de 90 caracteres como máximo.
- 5 descripciones: la primera de 60 caracteres como máximo, el resto de 90 como máximo.
- El nombre de la empresa ajustado a 25 caracteres.
- 3 ideas de imagen o vídeo (una línea cada una) que acompañen bien a los textos.

Piensa que el anuncio puede salir en Búsqueda, YouTube, Display, Discover o Gmail: cada pieza tiene que entenderse sin las demás. Alterna beneficio, prueba, oferta y llamada a la acción. Nada de exclamaciones en los títulos ni de datos inventados.`,
    },
    {
      key: 'meta-ad',
      name: 'Anuncio de Meta (Facebook e Instagram)',
      text: `Escribe 3 variantes de un anuncio de Meta (Facebook e Instagram, feed) para {{producto o servicio}}.

- Público objetivo: {{público objetivo}}
- Problema que resolvemos: {{problema del cliente}}
- Oferta: {{oferta}}
- Destino del clic: {{destino del anuncio}}

Cada variante usa un ángulo distinto y lo nombra en la primera línea: 1) el dolor del cliente, 2) el resultado deseado, 3) prueba social o curiosidad.

Para cada variante entrega:
- Texto principal: el gancho va en los primeros 125 caracteres, que es lo que se ve sin pulsar "Ver más". Después, de 2 a 4 frases cortas como máximo. Un emoji como mucho, y solo si suma.
- Título: 40 caracteres como máximo.
- Descripción: 30 caracteres como máximo.
- Botón recomendado de la lista de Meta (Más información, Comprar, Registrarte, Descargar…).
- Una idea visual en una línea para la pieza creativa.

Habla a una persona ("tú"), no a un segmento. Evita lo que Meta suele rechazar: aludir a atributos personales del lector ("¿Tienes sobrepeso?"), promesas de resultados garantizados y antes/después exagerados.`,
    },
    {
      key: 'retargeting-ad',
      name: 'Anuncio de retargeting',
      text: `Escribe anuncios de retargeting para personas que {{qué hicieron en la web}} pero no completaron {{conversión deseada}}.

Producto o servicio: {{producto o servicio}}
Motivo probable por el que se fueron: {{objeción principal}}
Incentivo disponible (escribe "ninguno" si no hay): {{incentivo}}

Entrega 3 anuncios para Meta o Display, cada uno con texto principal (125 caracteres como máximo), título (40 como máximo) y llamada a la acción:
1. Recordatorio amable: retoma lo que vieron, sin presión.
2. Resolución de la objeción: responde al motivo probable con un argumento concreto.
3. Último empujón: el incentivo o, si no hay, una razón honesta para decidir ahora.

Tono cercano, nunca de vigilancia: no digas "hemos visto que…" ni "sabemos que estuviste aquí". Sin urgencia falsa: no inventes plazos ni existencias.`,
    },
    {
      key: 'linkedin-sponsored-content',
      name: 'Anuncio patrocinado de LinkedIn',
      text: `Escribe 3 variantes de un anuncio de contenido patrocinado de LinkedIn (imagen única) para {{producto o servicio}}.

- Cargo y sector del público: {{cargo y sector del público}}
- Reto profesional que resolvemos: {{reto profesional}}
- Recurso u oferta que promocionamos: {{recurso u oferta}}

Para cada variante:
- Texto introductorio: lo esencial en los primeros 150 caracteres (lo que se ve antes de "…ver más"); 400 caracteres en total como máximo.
- Título bajo la imagen: 70 caracteres como máximo.
- Botón de llamada a la acción de la lista de LinkedIn (Descargar, Más información, Solicitar demo, Registrarse…).

Ángulos: 1) una cifra o dato del contexto que haga pensar (si no hay ninguno, usa una pregunta concreta en su lugar, sin inventar cifras), 2) el coste de no resolver el reto, 3) lo que consigue alguien de su mismo puesto.
Registro profesional pero humano: nada de jerga vacía ("sinergias", "soluciones punteras", "llevar al siguiente nivel") ni de emojis en exceso.`,
    },
    {
      key: 'linkedin-message-ad',
      name: 'Mensaje patrocinado de LinkedIn',
      text: `Escribe un mensaje patrocinado (Message Ad) de LinkedIn para {{producto o servicio}}.

- Quién lo firma: {{nombre y cargo del remitente}}
- A quién va dirigido: {{cargo y sector del público}}
- Motivo para escribir ahora: {{motivo del mensaje}}
- Qué queremos que haga: {{acción deseada}}

Entrega:
- 3 opciones de asunto de 60 caracteres como máximo.
- Cuerpo de 500 caracteres como máximo: saludo con [Nombre], una primera frase sobre su trabajo (no sobre nosotros), el motivo, una propuesta de valor concreta y una sola petición.
- Texto del botón de 20 caracteres como máximo.

Tiene que parecer un mensaje escrito por una persona: sin "Estimado/a", sin párrafos de presentación de la empresa y sin más de una pregunta.`,
    },
    {
      key: 'tiktok-ad-script',
      name: 'Guion de anuncio para TikTok o Reels',
      text: `Escribe el guion de un anuncio en vídeo vertical de {{duración en segundos}} segundos para TikTok o Reels sobre {{producto o servicio}}.

- Público: {{público objetivo}}
- Beneficio que debe quedar claro: {{beneficio principal}}
- Llamada a la acción: {{llamada a la acción}}

Formato: una tabla con columnas Segundos | Lo que se ve | Lo que se dice | Texto en pantalla.
- 0–2 s: gancho que detenga el scroll (una frase o una imagen inesperada, nunca el logo).
- Parte central: problema → demostración del producto en uso → resultado.
- Cierre: llamada a la acción dicha y escrita.

Debe sonar a contenido nativo grabado con el móvil, no a spot de televisión. Frases de 8 palabras como máximo en pantalla. Añade el texto del anuncio (100 caracteres como máximo) y 3 ganchos alternativos para probar.`,
    },
    {
      key: 'youtube-video-ad',
      name: 'Anuncio de vídeo para YouTube',
      text: `Escribe dos guiones de anuncio de YouTube para {{producto o servicio}}, dirigidos a {{público objetivo}}.

Mensaje clave: {{mensaje clave}}
Llamada a la acción: {{llamada a la acción}}

1. Anuncio bumper de 6 segundos (no se puede saltar): una sola idea, unas 12–15 palabras de locución y el texto en pantalla.
2. Anuncio in-stream saltable de 30 segundos: la marca y el beneficio tienen que aparecer antes del segundo 5, porque después se puede saltar. Estructura: gancho (0–5 s), problema (5–12 s), solución y demostración (12–24 s), llamada a la acción (24–30 s).

Para cada guion usa columnas Tiempo | Imagen | Locución | Texto en pantalla. Añade el texto del botón (10 caracteres como máximo), un título de 15 caracteres como máximo y 2 variantes de gancho para una prueba A/B.`,
    },
  ],
};
