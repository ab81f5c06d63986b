import type { CatalogueCategory } from '../types.ts';

export const brainstorm: CatalogueCategory = {
  key: 'brainstorm',
  name: 'Lluvia de ideas',
  prompts: [
    {
      key: 'brand-names',
      name: 'Nombres para una marca o producto',
      text: `Propón nombres para {{qué hay que nombrar}}.

- Qué hace y para quién: {{descripción}}
- Personalidad que debe transmitir: {{personalidad de marca}}
- Mercados e idiomas donde se usará: {{mercados}}
- Nombres de la competencia (para no parecernos): {{competencia}}

Entrega 20 nombres repartidos en estilos y etiqueta cada uno: descriptivo, evocador, inventado, metáfora, palabra compuesta y nombre con otra lengua. Para cada uno:
- Una línea con la idea detrás.
- Cómo suena y se escribe: fácil de pronunciar y deletrear al oírlo, sin significados negativos conocidos en los idiomas indicados.

Después, elige los 5 más sólidos y explica por qué. Recuerda que hay que comprobar marca registrada y dominio: no afirmes que están libres.`,
    },
    {
      key: 'slogans',
      name: 'Eslóganes y claims',
      text: `Escribe eslóganes para {{marca}}.

- Qué ofrece: {{producto o servicio}}
- La idea o sensación que debe quedar: {{idea central}}
- Público objetivo: {{público objetivo}}
- Dónde se va a usar (web, envases, anuncios, redes): {{uso previsto}}

Entrega 15 opciones de 2 a 7 palabras, agrupadas por enfoque: beneficio, actitud o valores, juego de palabras, imperativo y contraste. Marca las 3 mejores con una explicación de una línea.

Cada eslogan debe poder entenderse sin explicación, sonar bien en voz alta y no poder firmarlo cualquier competidor. Evita palabras gastadas como "calidad", "pasión", "soluciones" o "excelencia", y las rimas forzadas.`,
    },
    {
      key: 'campaign-angles',
      name: 'Ángulos de venta para una campaña',
      text: `Encuentra ángulos de venta distintos para {{producto o servicio}}, dirigido a {{público objetivo}}.

- Beneficios y características principales: {{beneficios}}
- Objeciones habituales: {{objeciones}}
- Cómo se comunica la competencia: {{mensajes de la competencia}}

Entrega 10 ángulos. Para cada uno:
- Nombre del ángulo (por ejemplo: ahorro de tiempo, miedo a quedarse atrás, estatus, simplicidad, identidad, enemigo común).
- El insight del cliente en el que se apoya, en una frase y en sus palabras.
- Un titular de ejemplo y una primera línea de anuncio.
- Para qué canal o fase del embudo encaja mejor.

Señala cuáles se diferencian de lo que ya dice la competencia y recomienda 3 para probar primero.`,
    },
    {
      key: 'content-ideas',
      name: 'Ideas de contenido por pilares',
      text: `Genera ideas de contenido para {{marca}}, que se dirige a {{público objetivo}}.

- Qué vendemos: {{producto o servicio}}
- Preguntas o problemas frecuentes de los clientes: {{preguntas de clientes}}
- Canales donde publicaremos: {{canales}}

1. Propón 4 pilares de contenido con una frase que explique por qué importan a este público.
2. Para cada pilar, 6 ideas concretas (título de trabajo + formato + canal), no temas genéricos: "5 errores al negociar tu primer alquiler" en lugar de "Consejos de alquiler".
3. Marca con un asterisco las ideas que se pueden reaprovechar en varios formatos.

Incluye al menos un formato de cada tipo: educativo, opinión, detrás de las cámaras, caso de cliente y contenido interactivo.`,
    },
    {
      key: 'hooks',
      name: 'Ganchos para vídeos y publicaciones',
      text: `Escribe 20 ganchos de apertura para contenido sobre {{tema}} dirigido a {{público objetivo}}.

Formato (vídeo corto, publicación de LinkedIn, email…): {{formato}}

Reparte los ganchos entre estos tipos y etiqueta cada uno: pregunta incómoda, dato o cifra (deja [dato] si no la tienes), error común, opinión contraria, historia en una frase, promesa concreta, "nadie te cuenta que…" y comparación inesperada.

- 15 palabras como máximo cada uno.
- Tienen que generar curiosidad que el contenido pueda satisfacer: nada de cebo que luego no se cumpla.
- Que suenen dichos por una persona, no por una marca.

Marca los 5 que probarías primero.`,
    },
    {
      key: 'value-proposition',
      name: 'Propuesta de valor',
      text: `Ayúdame a formular la propuesta de valor de {{producto o servicio}}.

- Cliente ideal: {{cliente ideal}}
- Tareas que intenta hacer y frustraciones que tiene: {{tareas y frustraciones}}
- Qué hace nuestro producto: {{qué hace}}
- Alternativas que usa hoy: {{alternativas}}

Entrega:
1. Un mapa breve: 3 frustraciones del cliente → qué las alivia en nuestro producto; 3 resultados que desea → qué los hace posibles.
2. 5 formulaciones de la propuesta de valor de 15 palabras como máximo, con enfoques distintos.
3. La mejor, desarrollada con la estructura: titular + subtítulo + 3 beneficios + prueba que falta conseguir.
4. Qué frase usaría el cliente para recomendarnos a un compañero.

Habla del resultado del cliente, no de la tecnología. Si algo del contexto es débil o genérico, dilo.`,
    },
    {
      key: 'campaign-concepts',
      name: 'Conceptos creativos de campaña',
      text: `Propón conceptos creativos para una campaña de {{marca}}.

- Objetivo de la campaña: {{objetivo de la campaña}}
- Público: {{público objetivo}}
- Mensaje que debe quedar: {{mensaje clave}}
- Canales y presupuesto aproximado: {{canales y presupuesto}}

Entrega 5 conceptos. Para cada uno:
- Nombre y la idea en una frase (la "gran idea").
- El insight del público en el que se apoya.
- Claim de campaña.
- Cómo se bajaría a 3 piezas concretas en los canales indicados.
- Riesgo principal (que se malinterprete, que sea caro de producir…).

Al menos uno debe ser seguro y fácil de producir, y al menos otro, arriesgado y memorable. Cierra recomendando uno y por qué.`,
    },
    {
      key: 'objection-handling',
      name: 'Objeciones de clientes y respuestas',
      text: `Haz una lista de las objeciones que frenan la compra de {{producto o servicio}} por parte de {{público objetivo}}, y cómo responderlas.

- Precio y condiciones: {{precio y condiciones}}
- Pruebas y garantías que tenemos: {{pruebas y garantías}}

Entrega de 10 a 12 objeciones agrupadas en precio, confianza, urgencia ("ahora no"), encaje ("no es para mí") y esfuerzo de cambio. Para cada una:
- La objeción como la diría el cliente.
- Lo que de verdad le preocupa detrás.
- Una respuesta de 40 palabras como máximo para usar en la web, en anuncios o en ventas.
- Dónde conviene responderla: anuncio, landing, preguntas frecuentes, email o llamada.

Las respuestas reconocen la preocupación antes de contestar y usan solo las pruebas del contexto.`,
    },
  ],
};
