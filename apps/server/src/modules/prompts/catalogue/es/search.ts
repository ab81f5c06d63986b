import { REAL_TIME_SEARCH_CATEGORY, type CatalogueCategory } from '../types.ts';

export const search: CatalogueCategory = {
  key: REAL_TIME_SEARCH_CATEGORY,
  name: 'Búsqueda en tiempo real',
  prompts: [
    {
      key: 'sector-news-this-week',
      name: 'Noticias del sector de esta semana',
      text: `Busca en la web las noticias más relevantes de los últimos 7 días sobre {{sector}} en {{mercado o país}}.

Para qué las quiero (newsletter, publicaciones en redes, informe para el equipo…): {{uso previsto}}

- Selecciona de 5 a 8 noticias de fuentes fiables (medios especializados, organismos oficiales, comunicados de empresas). Descarta lo publicado hace más de 7 días y los contenidos patrocinados.
- Para cada una: titular propio de 12 palabras como máximo, resumen de 2 o 3 frases, por qué le importa a nuestro público y fuente con enlace y fecha de publicación.
- Ordénalas por impacto para el negocio, no por fecha.
- Cierra con 3 ideas de contenido que podríamos publicar a partir de estas noticias.

Indica la fecha de hoy al principio. Si no encuentras suficientes noticias recientes, dilo en lugar de rellenar con noticias antiguas, y no inventes ningún dato ni enlace.`,
    },
    {
      key: 'competitor-pricing',
      name: 'Precios actuales de la competencia',
      text: `Busca en la web los precios que publican hoy estos competidores de {{nuestro producto}}: {{competidores}}.

Mercado y moneda: {{mercado y moneda}}

Entrega una tabla con: Competidor | Plan o producto | Precio | Periodicidad (mes, año, pago único) | Qué incluye | Límites o condiciones destacadas | Fuente (enlace) | Fecha de consulta.

- Usa las páginas de precios oficiales siempre que puedas; si un precio viene de otra fuente (comparador, prensa), indícalo.
- Señala si los precios llevan impuestos o no, si hay descuentos de lanzamiento o pago anual y si el precio depende de una cotización ("Pide presupuesto").
- Si no encuentras el precio de alguno, escribe "no publicado" en lugar de estimarlo.

Después, en 5 viñetas: cómo se posiciona cada uno (barato, medio, premium), qué patrones ves en la forma de cobrar y qué oportunidades tenemos para comunicar nuestro precio.`,
    },
    {
      key: 'trending-topics',
      name: 'Temas en tendencia para contenido',
      text: `Busca en la web qué temas relacionados con {{sector o temática}} están generando conversación ahora mismo entre {{público objetivo}}.

Canales que nos interesan: {{canales}}

- Revisa noticias recientes, tendencias de búsqueda, redes sociales y foros especializados de las últimas 2 semanas.
- Identifica de 6 a 10 temas. Para cada uno: qué está pasando en 2 frases, por qué ahora, en qué canales se habla más y de 1 a 3 fuentes con enlace y fecha que lo demuestren.
- Clasifícalos: pico pasajero (días), tema en crecimiento (semanas) o tendencia de fondo (meses).
- Para cada tema, propón una idea de contenido con un ángulo propio de la marca y el formato más adecuado.

Descarta los temas polémicos o sensibles en los que una marca no debería opinar y explica por qué. No presentes como tendencia nada que no esté respaldado por fuentes recientes.`,
    },
    {
      key: 'competitor-campaigns',
      name: 'Qué están comunicando los competidores',
      text: `Busca en la web qué están comunicando últimamente estos competidores: {{competidores}}.

Nuestro sector y producto: {{sector y producto}}

Revisa sus webs, blogs, notas de prensa, redes sociales y, si son públicas, sus bibliotecas de anuncios (por ejemplo, la Biblioteca de anuncios de Meta) de los últimos 30 días. Para cada competidor:
- Mensajes y promesas principales que repiten.
- Lanzamientos, ofertas o campañas activas.
- Tono y formatos que más usan.
- Ejemplos concretos con fuente (enlace) y fecha.

Cierra con una tabla comparativa de posicionamiento y 5 oportunidades: mensajes que nadie está usando, públicos desatendidos o promesas que podemos cumplir mejor. Separa lo que has comprobado de lo que interpretas; no inventes campañas ni cifras.`,
    },
    {
      key: 'upcoming-dates',
      name: 'Fechas y eventos de las próximas semanas',
      text: `Busca en la web las fechas, eventos y días señalados de las próximas {{número de semanas}} semanas que sean relevantes para {{sector}} en {{mercado o país}}.

Tipo de marca y público: {{marca y público}}

Incluye: festivos nacionales o regionales, fechas comerciales (rebajas, Black Friday, vuelta al cole…), días internacionales relacionados con el sector, ferias y congresos, y eventos deportivos o culturales con impacto en el público.

Entrega una tabla con: Fecha | Evento | Por qué es relevante para nosotros | Idea de acción o contenido | Con cuánta antelación prepararlo | Fuente.

Comprueba cada fecha en una fuente oficial o fiable, porque muchas cambian cada año; si no puedes confirmarla, márcala como "por confirmar". Evita las fechas que no encajan con la marca aunque sean populares.`,
    },
    {
      key: 'fact-check',
      name: 'Comprobar datos antes de publicar',
      text: `Busca en la web y comprueba los datos y afirmaciones de este texto antes de publicarlo:

{{texto}}

Para cada afirmación verificable (cifras, fechas, estudios, citas, nombres, afirmaciones sobre productos o leyes):
- La afirmación tal como aparece.
- Veredicto: correcta, imprecisa, desactualizada, falsa o no verificable.
- Lo que dicen las fuentes, con la fuente (enlace), su fecha y, si la hay, la fuente original del dato.
- Propuesta de redacción corregida cuando haga falta.

Prioriza fuentes primarias (estudios originales, organismos oficiales, webs de las propias empresas) frente a artículos que citan a otros. Si dos fuentes fiables se contradicen, explícalo. Termina con el texto corregido completo.`,
    },
    {
      key: 'market-data',
      name: 'Datos de mercado actualizados con fuentes',
      text: `Busca en la web datos actuales y fiables sobre {{tema}} en {{mercado o país}} para usarlos en {{pieza de destino}}.

Lo que quiero demostrar o explicar: {{argumento}}

- Encuentra de 5 a 8 datos (cifras, porcentajes, tendencias) de los últimos 2 años como máximo, salvo que no existan más recientes.
- Para cada dato: la cifra, qué mide exactamente, quién la publica, cuándo, el tamaño o el método del estudio si se conoce, y la fuente con enlace.
- Prioriza organismos oficiales, estudios con metodología pública y fuentes primarias; avisa si un dato solo aparece citado en blogs.
- Propón para cada dato una frase lista para usar en la pieza, con la cita de la fuente.

Si un dato apoya el argumento solo en parte o lo contradice, dilo: no fuerces las cifras. Nunca redondees ni estimes un dato sin indicarlo.`,
    },
    {
      key: 'serp-analysis',
      name: 'Qué posiciona hoy para una búsqueda',
      text: `Busca en la web "{{palabra clave}}" y analiza qué resultados aparecen hoy en {{mercado o país}}, para planificar un contenido que compita con ellos.

Nuestra web: {{nuestra web}}

1. Los primeros 8 a 10 resultados orgánicos: título, tipo de página (guía, lista, página de producto, herramienta, foro…), ángulo principal y fuente (enlace).
2. Otros elementos de la página de resultados si aparecen: fragmento destacado, "Otras preguntas de los usuarios", vídeos, resultados locales o de compra.
3. La intención de búsqueda dominante, según lo que Google está premiando.
4. Lo que cubren casi todos (lo mínimo imprescindible) y lo que no cubre ninguno (nuestra oportunidad).
5. Una propuesta de contenido: formato, título (60 caracteres como máximo), estructura de H2 y el elemento diferencial.

Describe solo lo que has encontrado en la búsqueda, con la fecha de la consulta; los resultados cambian según la ubicación y el momento.`,
    },
  ],
};
