import type { CatalogueCategory } from '../types.ts';

export const social: CatalogueCategory = {
  key: 'social',
  name: 'Redes sociales',
  prompts: [
    {
      key: 'linkedin-post',
      name: 'Publicación de LinkedIn con opinión propia',
      text: `Escribe una publicación de LinkedIn sobre {{tema}} desde el punto de vista de {{autor y cargo}}.

La idea que quiero defender: {{idea principal}}
Una experiencia o dato propio que la respalde: {{experiencia o dato}}

Estructura:
- Primera línea (lo que se ve antes de "…ver más", unos 140 caracteres): una afirmación concreta o una situación reconocible. Nada de "Hoy quiero hablar de…".
- Desarrollo: la experiencia contada en primera persona, con un detalle específico (una cifra, un nombre de herramienta, un momento), y lo que aprendiste.
- Cierre: una conclusión aplicable y una pregunta abierta que invite a comentar con experiencia propia, no un "¿Tú qué opinas?" genérico.

Entre 150 y 250 palabras. Párrafos de 1 a 3 líneas con líneas en blanco entre ellos. Como mucho 3 hashtags al final y ningún emoji al principio de cada línea. Evita las frases de gurú ("Esto lo cambia todo", "Léelo otra vez").`,
    },
    {
      key: 'instagram-caption',
      name: 'Texto para publicación de Instagram',
      text: `Escribe 3 opciones de texto para una publicación de Instagram de {{marca}}.

- Qué muestra la imagen o el vídeo: {{descripción de la imagen}}
- Objetivo de la publicación: {{objetivo}}
- Tono de la marca: {{tono}}

Cada opción:
- Primera línea de 125 caracteres como máximo que se entienda sola (es lo que aparece antes de "más").
- Cuerpo de 40 a 120 palabras que aporte algo que la imagen no dice: contexto, historia, consejo o detalle del producto.
- Una llamada a la acción clara y fácil (guardar, comentar con una palabra, visitar el enlace de la bio).
- De 5 a 10 hashtags relevantes al final, mezclando generales y de nicho; nada de hashtags de relleno como #love o #instagood.

Usa emojis con moderación, como apoyo visual y no sustituyendo palabras. Ordena las opciones de la más informativa a la más emocional.`,
    },
    {
      key: 'x-thread',
      name: 'Hilo para X (Twitter)',
      text: `Escribe un hilo para X sobre {{tema}} dirigido a {{público objetivo}}.

Lo que quiero que el lector se lleve: {{conclusión principal}}

Formato:
- Entre 6 y 10 publicaciones numeradas (1/, 2/…), cada una de 280 caracteres como máximo; indica el recuento entre paréntesis.
- La 1 es el gancho: promete algo concreto que el hilo cumple (un método, una lista, una historia con final). No pongas "Abro hilo 🧵".
- Una idea por publicación, que tenga sentido aunque alguien la vea suelta.
- Incluye al menos un ejemplo concreto o un paso accionable.
- La última resume en una frase y propone un siguiente paso (seguir la cuenta, leer un recurso o responder con su caso).

Sin hashtags dentro del hilo y sin enlaces hasta la última publicación.`,
    },
    {
      key: 'carousel-post',
      name: 'Carrusel para Instagram o LinkedIn',
      text: `Crea el texto de un carrusel de {{número de diapositivas}} diapositivas sobre {{tema}} para {{público objetivo}}.

Objetivo: que el lector {{acción o aprendizaje deseado}}.

Entrega diapositiva a diapositiva:
- Diapositiva 1 (portada): un título de 8 palabras como máximo que prometa un beneficio claro, y un subtítulo opcional.
- Diapositivas intermedias: un título corto y de 15 a 30 palabras de texto cada una; una idea por diapositiva, con progresión lógica (paso 1, 2, 3… o error → por qué → solución).
- Penúltima: resumen en una frase.
- Última: llamada a la acción (guardar, compartir con alguien, comentar).

Añade para cada diapositiva una indicación visual breve (icono, gráfico, foto) y, al final, el texto de la publicación que acompaña al carrusel (60 palabras como máximo).`,
    },
    {
      key: 'short-video-script',
      name: 'Guion de vídeo corto orgánico (Reels, TikTok, Shorts)',
      text: `Escribe el guion de un vídeo vertical de 30 a 45 segundos sobre {{tema}} para la cuenta de {{marca}}.

Formato del vídeo (persona hablando a cámara, tutorial con manos, antes y después…): {{formato}}
Público: {{público objetivo}}

Entrega:
1. 3 ganchos alternativos para los 2 primeros segundos (frase dicha + texto en pantalla).
2. El guion completo en tabla: Segundos | Plano | Lo que se dice | Texto en pantalla.
3. Un cierre que invite a guardar o seguir, sin pedir "like".
4. El texto de la publicación (150 caracteres como máximo) y 3 a 5 hashtags.

Debe sonar a conversación, no a anuncio: frases cortas, cambios de plano cada 2 o 3 segundos y un solo mensaje. Si hay producto, que aparezca resolviendo algo, no posando.`,
    },
    {
      key: 'content-calendar',
      name: 'Calendario de publicaciones semanal',
      text: `Prepara un calendario de publicaciones de una semana para {{marca}} en {{redes sociales}}.

- Objetivo del mes: {{objetivo}}
- Público objetivo: {{público objetivo}}
- Temas, lanzamientos o fechas a incluir: {{temas y fechas}}

Entrega una tabla con: Día | Red | Formato (carrusel, vídeo, imagen, texto, historia) | Pilar de contenido (educar, inspirar, demostrar, vender, comunidad) | Idea en una frase | Primera línea del texto | Llamada a la acción.

Reglas:
- Como mucho 1 de cada 5 publicaciones vende de forma directa.
- Adapta cada publicación a la red: no copies el mismo texto en todas.
- Varía los formatos a lo largo de la semana.
Debajo de la tabla, explica en 3 líneas la lógica del calendario.`,
    },
    {
      key: 'launch-post',
      name: 'Publicación de lanzamiento de producto',
      text: `Escribe publicaciones para anunciar el lanzamiento de {{producto}} de {{marca}}.

- Qué es y para quién: {{descripción breve}}
- Lo más nuevo o distinto: {{novedad principal}}
- Fecha, precio o condiciones de lanzamiento: {{condiciones de lanzamiento}}
- Dónde conseguirlo: {{enlace o lugar}}

Entrega 3 versiones:
1. LinkedIn (120–200 palabras): el porqué del producto, qué problema ataca y quién está detrás.
2. Instagram (60–100 palabras + 5 hashtags): lo que se siente al usarlo, con una primera línea fuerte.
3. X (280 caracteres como máximo): la novedad y el enlace.

Cuenta la novedad en términos de lo que el cliente puede hacer ahora y antes no podía. Sin "¡Estamos muy emocionados de anunciar…!" y sin adjetivos de relleno ("revolucionario", "innovador").`,
    },
    {
      key: 'comment-reply',
      name: 'Respuesta a un comentario o reseña',
      text: `Escribe la respuesta pública de {{marca}} a este comentario o reseña publicado en {{plataforma}}:

"{{comentario}}"

Lo que sabemos del caso y lo que podemos ofrecer: {{contexto y solución}}

Entrega 2 versiones (una más breve y otra más completa), de 80 palabras como máximo cada una:
- Si es negativo: agradece que lo cuente, reconoce el problema concreto sin excusas ni culpas, explica qué vas a hacer y lleva la conversación a privado con un canal concreto. No discutas los hechos en público.
- Si es positivo: agradece mencionando algo específico de lo que dice (no un "¡Gracias por tu comentario!" genérico) y añade un detalle que invite a volver.

Tono humano, firmado con [nombre] del equipo. No prometas compensaciones que no estén en el contexto.`,
    },
  ],
};
