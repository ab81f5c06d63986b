import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MarkdownContent } from './markdown-renderer';
import { simpleMarkdown } from './simple-markdown';

const full = (content: string) => renderToStaticMarkup(<MarkdownContent content={content} />);
const simple = (content: string) => {
  const drawn = simpleMarkdown(content);
  return drawn === null ? null : renderToStaticMarkup(<>{drawn}</>);
};

/** A reply as the model writes them: a heading, paragraphs with emphasis, a list, a link, a quote. */
const typicalReply = [
  '## Propuesta 3: café de especialidad — versión corta',
  '',
  'Para **café de especialidad** conviene abrir con una promesa clara y concreta. Marca cliente propuesta.',
  '',
  '- **Titular:** valor beneficio historia',
  '- **Subtítulo:** mensaje campaña lector',
  '- **Llamada a la acción:** oferta detalle',
  '',
  'Confianza ritmo tono, con *un tono cercano* y frases cortas. Puedes ver un ejemplo en [nuestra guía](https://example.com/guia/3).',
  '',
  '> Público resultado idea prueba.',
  '',
  'Titular llamada marca (cliente) ¡propuesta! ¿Valor? 20 % más: «sí».',
].join('\n');

/** Replies the simple path draws: each exactly as the markdown renderer does. */
const drawnAlike = [
  typicalReply,
  'Pan **recién** hecho',
  'Una línea\nque sigue en la siguiente',
  '# Uno\n## Dos\n### Tres\n#### Cuatro\n##### Cinco\n###### Seis',
  'Antes de la lista:\n- uno\n- dos',
  '## Título\nTexto justo debajo',
  'Texto\n## Título que lo corta',
  '- uno\n- dos\n\nDespués',
  '- uno\n## Título tras la lista',
  '> Una cita\n> en dos líneas',
  '> Primera cita\n\n> Segunda cita',
  'Párrafo\n> cita que lo corta',
  '*una **fuerte** dentro* y **otra *cursiva* dentro**',
  '**[enlace en negrita](https://example.com/a-b.c?x=1;y=2#z)**',
  '¡**Hola**! ¿*Qué tal*? (**bien**) «*comillas*»',
  '**1.** Primero: **«cita»** y *€*',
  'Texto con 3 > 2 y 50 % y # en medio, y "comillas" y \'simples\'.',
  'Emoji 🚀 y **negrita** 🚀',
  'Un [enlace](http://example.com/) y otro [más](https://example.com/x/y).',
  '2024 fue un buen año',
  'Final con punto y aparte.\n',
];

/** Replies that need the full renderer: the simple path declines them. */
const declined = [
  '',
  '| Canal | Tono |\n| :-- | --: |\n| Email | cercano |',
  'Ni ~~frío~~ ni distante',
  'www.example.com lo cuenta',
  'Escribe a ana@example.com',
  'Visita https://example.com ya',
  'Nota.[^1]\n\n[^1]: Una nota.',
  '- [x] Asunto',
  '1. uno\n2. dos',
  '* uno\n* dos',
  '+ uno',
  '- uno\n\n- dos',
  '- uno\n  sigue',
  '- uno\nperezoso',
  '> cita\nperezosa',
  '- uno\n> cita',
  '> cita\n- uno',
  'Título\n======',
  'Título\n---',
  '---',
  '***',
  '```\ncódigo\n```',
  '    código indentado',
  'Con `código`',
  'Con <b>HTML</b>',
  'Con &amp; entidad',
  'Con \\*escape\\*',
  'Línea con salto duro  \nsiguiente',
  'snake_case y _cursiva_',
  '***negrita y cursiva***',
  '**sin cerrar',
  '*a **b* c**',
  'a * b',
  'a*b*c',
  '[ref]: https://example.com',
  '[texto][ref]',
  '![imagen](https://example.com/i.png)',
  '[malo](javascript:alert(1))',
  '[con %20](https://example.com/a%20b)',
  '[con título](https://example.com "t")',
  '##Sin espacio',
  '## Con cierre ##',
  '#',
  '- ',
  '- # título en lista',
  '> > anidada',
  'Tabulador\taquí',
  '**negrita 🚀**',
  '**«cita»**, dijo',
];

describe('simpleMarkdown', () => {
  it.each(drawnAlike)('draws %j exactly as the markdown renderer does', (content) => {
    const drawn = simple(content);
    expect(drawn).not.toBeNull();
    expect(drawn).toBe(full(content));
  });

  it.each(declined)('leaves %j to the markdown renderer', (content) => {
    expect(simple(content)).toBeNull();
  });
});
