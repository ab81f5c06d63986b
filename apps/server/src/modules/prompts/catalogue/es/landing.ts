import type { CatalogueCategory } from '../types.ts';

export const landing: CatalogueCategory = {
  key: 'landing',
  name: 'Landing pages',
  prompts: [
    {
      key: 'landing-hero',
      name: 'Sección principal (hero) de una landing',
      text: `Escribe la sección principal (hero) de la landing page de {{producto o servicio}}.

- Público objetivo: {{público objetivo}}
- Resultado principal que consigue el cliente: {{resultado principal}}
- Qué lo hace distinto de las alternativas: {{diferenciador}}
- Acción que queremos que haga: {{acción deseada}}

Entrega 3 variantes, cada una con:
- Titular de 10 palabras como máximo que diga el resultado, no la categoría del producto.
- Subtítulo de 25 palabras como máximo que explique cómo lo consigue y para quién es.
- Texto del botón principal (2 a 4 palabras, que empiece por un verbo y diga lo que pasa al pulsar: "Empieza gratis", "Ver precios").
- Microtexto bajo el botón que elimine una fricción (por ejemplo: sin tarjeta, cancela cuando quieras), solo si es cierto según el contexto.

Enfoques: 1) el resultado, 2) el problema que desaparece, 3) el diferenciador frente a la alternativa habitual. Evita "La plataforma líder…", "Todo lo que necesitas…" y los juegos de palabras que haya que explicar.`,
    },
    {
      key: 'landing-features',
      name: 'Bloque de características y beneficios',
      text: `Escribe el bloque de características de la landing de {{producto}} para {{público objetivo}}.

Características que hay que presentar: {{lista de características}}

Para cada una:
- Un título de 6 palabras como máximo centrado en el beneficio ("Cierra el mes en una tarde", no "Módulo de contabilidad").
- Una descripción de 20 a 35 palabras: qué hace, cómo se nota en el día a día y, si encaja, un ejemplo concreto.
- Una sugerencia de icono o captura de pantalla.

Ordena las características de mayor a menor impacto para este público y añade un titular de sección (8 palabras como máximo) con una entradilla de una frase. Traduce cada característica a lo que el cliente gana; no repitas la misma estructura de frase en todas.`,
    },
    {
      key: 'landing-faq',
      name: 'Preguntas frecuentes de una landing',
      text: `Escribe la sección de preguntas frecuentes de la landing de {{producto o servicio}}.

- Público: {{público objetivo}}
- Dudas y objeciones que escuchamos en ventas o soporte: {{objeciones conocidas}}
- Datos que podemos dar (precio, plazos, garantía, integraciones): {{datos disponibles}}

Entrega de 8 a 10 preguntas:
- Formuladas como las haría el cliente, en primera persona ("¿Puedo cancelar cuando quiera?").
- Respuestas de 60 palabras como máximo que empiecen por la respuesta directa (sí, no, cuánto, cuándo) y luego maticen.
- Cubre precio, puesta en marcha, compromiso y cancelación, seguridad o privacidad, soporte y "¿es para mí?".
- Cada respuesta reduce una objeción y, cuando encaje, termina llevando a la acción.

Si falta un dato, deja [dato a confirmar] en lugar de inventarlo.`,
    },
    {
      key: 'landing-cta',
      name: 'Llamada a la acción final',
      text: `Escribe la sección final de llamada a la acción de la landing de {{producto o servicio}}.

- Acción que queremos: {{acción deseada}}
- Principal freno del visitante en este punto: {{freno principal}}
- Garantía o reductor de riesgo disponible: {{garantía}}

Entrega 3 variantes con:
- Titular de 10 palabras como máximo que recuerde el resultado o el coste de seguir igual.
- Una o dos frases que respondan al freno principal.
- Texto del botón (2 a 4 palabras en primera persona o imperativo: "Quiero mi prueba", "Reserva tu demo").
- Microtexto con la garantía.

El lector ya ha visto toda la página: no repitas características, cierra. Sin urgencia falsa.`,
    },
    {
      key: 'landing-page-full',
      name: 'Landing page completa',
      text: `Escribe el texto completo de una landing page para {{producto o servicio}}.

- Público objetivo y su situación: {{público objetivo}}
- Problema que resolvemos: {{problema}}
- Cómo funciona, en 3 pasos: {{funcionamiento}}
- Pruebas disponibles (clientes, cifras, premios, reseñas): {{pruebas}}
- Oferta y llamada a la acción: {{oferta}}

Secciones, en este orden, con su titular y su texto:
1. Hero: titular, subtítulo, botón y microtexto.
2. El problema: 3 situaciones que el lector reconozca.
3. La solución y cómo funciona (3 pasos).
4. Beneficios: de 3 a 5 bloques con título y 25 palabras cada uno.
5. Prueba social: usa solo las pruebas indicadas; si no hay, deja [testimonio] o [logo de cliente].
6. Preguntas frecuentes: 5 preguntas breves.
7. Llamada a la acción final.

Un solo objetivo de conversión en toda la página. Frases cortas, segunda persona, beneficios antes que características. Indica con [imagen: …] dónde iría cada elemento visual.`,
    },
    {
      key: 'pricing-page',
      name: 'Página de precios',
      text: `Escribe los textos de la página de precios de {{producto}}.

Planes, precios y lo que incluye cada uno: {{planes y precios}}
Plan que más nos interesa vender: {{plan recomendado}}
Público: {{público objetivo}}

Entrega:
- Titular y subtítulo de la página (que hablen de valor, no solo de precio).
- Para cada plan: nombre, frase de "ideal para…" de 10 palabras como máximo, 4 a 6 puntos de lo incluido redactados como beneficio y texto del botón.
- Una etiqueta breve para el plan recomendado ("El más elegido" solo si es cierto; si no, "Recomendado para equipos").
- 5 preguntas frecuentes sobre facturación, cambios de plan, cancelación y pagos.
- Una línea de tranquilidad bajo los planes (garantía, prueba o soporte), solo con lo que esté en el contexto.

No cambies ni redondees los precios: cópialos tal cual.`,
    },
    {
      key: 'about-page',
      name: 'Página "Quiénes somos"',
      text: `Escribe la página "Quiénes somos" de {{empresa}}.

- A qué se dedica y para quién: {{actividad y clientes}}
- Cómo y por qué empezó: {{historia de origen}}
- En qué creemos o cómo trabajamos: {{valores o forma de trabajar}}
- Datos reales que podemos mostrar (años, clientes, equipo, lugares): {{datos de la empresa}}

Estructura:
1. Titular que hable de la misión desde el punto de vista del cliente, no "Sobre nosotros".
2. La historia (120–180 palabras): el problema que vieron los fundadores, el momento de decidir y qué hacen hoy.
3. Cómo trabajamos: 3 principios con un ejemplo concreto cada uno, no palabras sueltas como "pasión" o "compromiso".
4. Los datos, en una franja de cifras.
5. Cierre que invite a dar el siguiente paso (conocer el equipo, ver proyectos, escribirnos).

Cercano y en primera persona del plural. Sin clichés ("somos un equipo joven y dinámico").`,
    },
  ],
};
