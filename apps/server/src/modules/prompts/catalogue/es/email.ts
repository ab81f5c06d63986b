import type { CatalogueCategory } from '../types.ts';

export const email: CatalogueCategory = {
  key: 'email',
  name: 'Email',
  prompts: [
    {
      key: 'cold-email',
      name: 'Email en frío B2B',
      text: `Escribe un email en frío de {{remitente y empresa}} para {{cargo del destinatario}} en empresas de {{sector}}.

- Qué ofrecemos: {{producto o servicio}}
- Problema concreto que suele tener este perfil: {{problema del destinatario}}
- Prueba de que funciona (cliente, resultado o caso): {{prueba}}
- Qué le pedimos: {{petición}}

Reglas:
- 120 palabras como máximo en el cuerpo. Se tiene que leer en el móvil sin desplazarse.
- La primera frase habla de él o de su empresa (usa [dato personalizado] donde vaya algo que hay que investigar), no de nosotros.
- Un único problema, una única prueba y una petición de bajo compromiso (una llamada de 15 minutos, una respuesta de sí o no, un recurso).
- Nada de "Espero que estés bien", "Me pongo en contacto contigo para…" ni adjuntos.
- Tono de colega, tuteo salvo que el sector pida usted.

Entrega 3 asuntos de 45 caracteres como máximo (en minúsculas, como los escribiría una persona) y 2 versiones del cuerpo: una directa y otra que abra con una pregunta.`,
    },
    {
      key: 'follow-up-sequence',
      name: 'Secuencia de seguimiento tras un email en frío',
      text: `Escribe 3 emails de seguimiento para alguien que no respondió a este primer email:

"{{email original}}"

Destinatario: {{cargo del destinatario}}
Recurso o novedad que podemos aportar: {{recurso de valor}}

- Seguimiento 1 (a los 3 días): 50 palabras como máximo, en el mismo hilo; recuerda la petición con otra formulación, sin "solo quería saber si viste mi email".
- Seguimiento 2 (a los 7 días): aporta valor nuevo (el recurso, un dato o una idea aplicable a su caso) y vuelve a pedir, de forma más ligera.
- Seguimiento 3 (a los 14 días): email de cierre educado que le deja elegir con una respuesta rápida (por ejemplo: 1 = ahora no, 2 = háblame en unos meses, 3 = no soy la persona adecuada).

Cada uno tiene que tener sentido aunque no haya leído los anteriores. Sin culpabilizar ni presionar.`,
    },
    {
      key: 'newsletter',
      name: 'Newsletter',
      text: `Escribe la newsletter de {{marca}} para {{público objetivo}}.

- Tema principal de esta edición: {{tema principal}}
- Otras piezas a incluir (novedades, enlaces, eventos): {{contenidos secundarios}}
- Acción principal que queremos que hagan: {{llamada a la acción}}

Estructura:
1. 5 asuntos de 50 caracteres como máximo y un texto de previsualización de 90 caracteres como máximo que complete (no repita) el asunto.
2. Entrada personal de 2 a 3 frases: una observación o anécdota que lleve al tema.
3. Pieza principal: de 200 a 300 palabras con una idea útil, un ejemplo y un botón con la llamada a la acción.
4. Bloque "También esta semana": de 2 a 4 elementos breves, con una frase que explique por qué merece la pena cada uno.
5. Despedida firmada por una persona.

Escribe como alguien que manda un email a un lector que le importa, no como un boletín corporativo. Ladillos claros para quien lee en diagonal.`,
    },
    {
      key: 'welcome-series',
      name: 'Serie de bienvenida',
      text: `Diseña una serie de bienvenida de 4 emails de {{marca}}.

- Qué la pone en marcha (alta en la newsletter, cuenta nueva, primera compra…): {{momento de alta}}
- Qué reciben o pueden hacer ahora: {{qué ofrecemos}}
- Primer paso clave que queremos que den: {{acción de activación}}
- Lo que nos hace distintos: {{propuesta de valor}}

Para cada email: día de envío, objetivo, asunto (50 caracteres como máximo), texto de previsualización (90 como máximo), cuerpo de 150 palabras como máximo y un único botón.
1. Día 0: bienvenida, entrega de lo prometido y el primer paso, fácil y concreto.
2. Día 2: la historia o el porqué de la marca, conectado con lo que le importa al lector.
3. Día 4: el error más común o el mejor consejo para sacar partido, con un ejemplo.
4. Día 7: prueba social (deja [testimonio] o [caso de cliente] si no los tienes) y la oferta o el siguiente paso.

Cada email se entiende por sí solo. Nada de "¡Bienvenido/a a la familia!" ni de párrafos sobre la empresa.`,
    },
    {
      key: 'subject-lines',
      name: 'Asuntos y textos de previsualización',
      text: `Escribe 10 asuntos con su texto de previsualización para este email:

Resumen del email: {{resumen del email}}
Público: {{público objetivo}}

- Asunto: 50 caracteres como máximo; indica el recuento entre paréntesis.
- Previsualización: 90 caracteres como máximo; completa el asunto, no lo repite.
- Usa ángulos distintos y etiqueta cada uno: curiosidad, beneficio directo, pregunta, número o lista, urgencia real, personalización con [Nombre], tono conversacional…
- Sin MAYÚSCULAS, sin más de un emoji, sin "GRATIS!!!" ni palabras que disparen filtros de spam, y sin prometer lo que el email no cumple.

Al final, recomienda 2 para una prueba A/B y explica qué hipótesis comprueba cada una.`,
    },
    {
      key: 'abandoned-cart',
      name: 'Emails de carrito abandonado',
      text: `Escribe una secuencia de 3 emails de carrito abandonado para la tienda {{tienda}}, que vende {{tipo de productos}}.

- Dudas habituales antes de comprar: {{objeciones habituales}}
- Garantías y condiciones (envío, devoluciones, pago): {{garantías}}
- Incentivo para el último email (escribe "ninguno" si no hay): {{incentivo}}

1. A la hora: recordatorio de servicio, con [producto] e [imagen del producto], sin vender. 60 palabras como máximo.
2. A las 24 horas: responde a las dudas habituales y destaca las garantías. 100 palabras como máximo.
3. A las 72 horas: el incentivo si lo hay, o una razón honesta para decidir (reseñas, disponibilidad real). 80 palabras como máximo.

Para cada uno: asunto (45 caracteres como máximo), previsualización y texto del botón. No inventes existencias, plazos de caducidad ni reseñas.`,
    },
    {
      key: 'promotional-email',
      name: 'Email de promoción u oferta',
      text: `Escribe un email promocional de {{marca}} para anunciar {{oferta}}.

- Productos o servicios incluidos: {{productos incluidos}}
- Vigencia y condiciones: {{condiciones}}
- Público: {{público objetivo}}

Entrega:
- 3 asuntos (45 caracteres como máximo) y un texto de previsualización.
- Un titular de una línea con la oferta en números claros ("20 % en…", no "grandes descuentos").
- Un cuerpo de 80 a 150 palabras: para quién es, qué gana y por qué ahora.
- El botón (4 palabras como máximo, verbo de acción) y una línea final con las condiciones.

Urgencia solo si es real y está en las condiciones. Nada de "¡No te lo pierdas!" ni de signos de exclamación en serie.`,
    },
    {
      key: 'win-back-email',
      name: 'Email para recuperar clientes inactivos',
      text: `Escribe 2 emails para recuperar a clientes inactivos de {{marca}}.

- Qué han dejado de hacer (comprar, abrir la app, reservar…): {{acción que dejaron de hacer}}
- Desde hace cuánto: {{tiempo de inactividad}}
- Qué ha cambiado o mejorado desde entonces: {{novedades}}
- Incentivo de vuelta (escribe "ninguno" si no hay): {{incentivo}}

Email 1: reconoce el tiempo sin agobiar, enseña 2 o 3 novedades que le den motivos para volver y termina con un botón claro. 120 palabras como máximo.
Email 2 (una semana después, si no abre): breve y honesto; le pregunta si quiere seguir recibiendo emails, con un enlace para quedarse y otro para darse de baja. 60 palabras como máximo.

Para ambos: 3 asuntos de 45 caracteres como máximo. Tono cercano, nada de "¡Te echamos de menos!" como asunto.`,
    },
  ],
};
