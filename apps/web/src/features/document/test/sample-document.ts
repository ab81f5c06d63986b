import type { DocumentContent } from '@redacta/shared';

/** A document using every node and mark the exports map: heading, marks, both lists, links, a quote. */
export const sampleDocument: DocumentContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Lanzamiento de otoño' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Nuestro café es ' },
        { type: 'text', text: 'intenso', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' y ' },
        { type: 'text', text: 'suave', marks: [{ type: 'italic' }] },
        { type: 'text', text: '. Visita ' },
        {
          type: 'text',
          text: 'nuestra tienda',
          marks: [{ type: 'link', attrs: { href: 'https://cafe.example/tienda' } }],
        },
        { type: 'text', text: '.' },
      ],
    },
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Ventajas' }] },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tostado local' }] }],
        },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Envío gratis' }] },
            {
              type: 'bulletList',
              content: [
                {
                  type: 'listItem',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'desde 20 €' }] }],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Elige' }] }] },
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Disfruta' }] }] },
      ],
    },
    {
      type: 'blockquote',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'El mejor café' }] }],
    },
  ],
};
