import type { CatalogueCategory } from '../types.ts';

export const product: CatalogueCategory = {
  key: 'product',
  name: 'Descripciones de producto',
  prompts: [
    {
      key: 'ecommerce-product-description',
      name: 'Descripción de producto para tienda online',
      text: `Escribe la descripción de {{producto}} para la ficha de la tienda online {{tienda}}.

- Características técnicas (medidas, materiales, composición, compatibilidad…): {{características}}
- Para quién es y en qué momento lo usa: {{cliente y uso}}
- Lo que lo diferencia de productos parecidos: {{diferenciador}}
- Tono de la marca: {{tono}}

Entrega:
1. Una frase de entrada (25 palabras como máximo) que haga imaginar el producto en uso.
2. Un párrafo de 60 a 100 palabras con los beneficios principales, cada uno anclado a una característica real.
3. De 4 a 6 viñetas escaneables: beneficio en negrita + dato que lo respalda.
4. Una sección "Detalles" con las especificaciones ordenadas.
5. Meta título (60 caracteres como máximo) y meta descripción (155 como máximo).

Concreto y sensorial cuando encaje (tacto, sonido, tamaño comparado con algo conocido). Evita "de alta calidad", "perfecto para todos" y cualquier dato que no esté en las características.`,
    },
    {
      key: 'marketplace-listing',
      name: 'Ficha para Amazon u otro marketplace',
      text: `Escribe la ficha de {{producto}} de la marca {{marca}} para {{marketplace}}.

- Características y especificaciones: {{características}}
- Búsquedas con las que queremos aparecer: {{palabras clave}}
- Cliente tipo y uso principal: {{cliente y uso}}
- Contenido del paquete: {{contenido del paquete}}

Entrega:
1. Título de 200 caracteres como máximo (ideal: menos de 80 para móvil): marca + tipo de producto + atributo clave + variante (color, tamaño, cantidad). Sin mayúsculas en todo el título ni símbolos promocionales.
2. 5 viñetas de 250 caracteres como máximo cada una, que empiecen con el beneficio en MAYÚSCULAS breves (2 a 4 palabras) seguido de la explicación y el dato que lo respalda.
3. Descripción de 150 a 300 palabras en párrafos cortos.
4. Términos de búsqueda para el campo oculto, separados por espacios, sin repetir palabras del título ni marcas de la competencia.

Evita lo que suele infringir las normas de los marketplaces: "el mejor", "n.º 1", "oferta", garantías de resultado, menciones a envío o precio y afirmaciones de salud no autorizadas.`,
    },
    {
      key: 'feature-benefit-bullets',
      name: 'De características a beneficios',
      text: `Convierte las características de {{producto}} en beneficios para {{público objetivo}}.

Características:
{{lista de características}}

Para cada característica entrega una tabla con columnas:
- Característica (tal cual).
- Beneficio funcional: qué le permite hacer.
- Beneficio emocional: cómo le hace sentir o qué preocupación le quita.
- Viñeta final lista para usar, de 15 palabras como máximo, que empiece por el beneficio.

Después, ordena las viñetas de mayor a menor peso en la decisión de compra de este público y explica en 2 líneas el criterio. Usa la pregunta "¿y eso qué significa para mí?" hasta llegar a algo que le importe de verdad al cliente.`,
    },
    {
      key: 'short-product-description',
      name: 'Descripción corta para tarjetas y catálogos',
      text: `Escribe descripciones cortas para estos productos de {{tienda}}:

{{productos y características}}

Para cada producto:
- Una versión de 20 palabras como máximo para la tarjeta del listado o el catálogo.
- Una versión de 8 palabras como máximo para anuncios de catálogo o notificaciones.

Cada descripción dice qué lo hace especial frente a los demás de la lista: no repitas la misma estructura ni los mismos adjetivos. Tono: {{tono}}. Nada de datos que no estén en las características.`,
    },
    {
      key: 'product-comparison',
      name: 'Comparativa entre productos o planes',
      text: `Escribe una comparativa honesta entre {{opciones a comparar}} para ayudar a {{público objetivo}} a elegir.

Datos de cada opción (precio, prestaciones, limitaciones): {{datos de cada opción}}
Producto que vendemos nosotros: {{nuestro producto}}

Entrega:
1. Una introducción de 2 o 3 frases con la pregunta que resuelve la comparativa.
2. Una tabla con los criterios que más pesan en la decisión.
3. Para cada opción: para quién es ideal y para quién no, en 2 líneas.
4. Una recomendación final por tipo de cliente ("Si…, elige…").

Usa solo los datos del contexto: si falta alguno, pon [por confirmar]. Reconoce los puntos en los que otra opción gana; una comparativa creíble vende más que una sesgada. Nada de descalificar a la competencia.`,
    },
    {
      key: 'b2b-sales-sheet',
      name: 'Ficha comercial B2B',
      text: `Escribe una ficha comercial de una página (sales sheet) de {{producto o servicio}} para {{cargo del comprador}} de empresas de {{sector}}.

- Problema de negocio que resuelve: {{problema de negocio}}
- Cómo funciona, en pocas palabras: {{funcionamiento}}
- Resultados o pruebas disponibles: {{pruebas}}
- Siguiente paso que proponemos: {{siguiente paso}}

Estructura:
1. Titular con el resultado de negocio y subtítulo de una frase.
2. "El reto": 3 viñetas con el coste del problema en tiempo, dinero o riesgo.
3. "La solución": un párrafo de 60 palabras y 3 a 5 capacidades clave, cada una con su beneficio.
4. "Resultados": solo las pruebas indicadas, en cifras si las hay.
5. "Por qué nosotros": 3 razones verificables.
6. Llamada a la acción con el siguiente paso y [datos de contacto].

Debe leerse en 2 minutos. Lenguaje de negocio claro, sin jerga ni superlativos.`,
    },
  ],
};
