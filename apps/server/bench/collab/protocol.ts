/**
 * What the live-document benchmark's processes agree on: the document every project starts with, and
 * the messages between run.ts and the server process (over Node's IPC channel).
 */
import type { DocumentContent } from '@redacta/shared';

const sentence =
  'Nuestro equipo revisa cada propuesta con calma, ajusta el tono a la marca y entrega textos listos ' +
  'para publicar en la web, el boletín y las redes sociales de la semana. ';

/**
 * A long piece of copy, as teams write them: a title, four section headings and twenty paragraphs of
 * about 400 characters (some words in bold), roughly 8,800 characters and 1,400 words.
 */
export const seedContent: DocumentContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Campaña de otoño' }] },
    ...Array.from({ length: 4 }, (_, section) => [
      {
        type: 'heading',
        attrs: { level: 2 },
        content: [{ type: 'text', text: `Sección ${section + 1}` }],
      },
      ...Array.from({ length: 5 }, () => ({
        type: 'paragraph',
        content: [
          { type: 'text', text: sentence.repeat(2) },
          { type: 'text', text: 'Lo importante va en negrita.', marks: [{ type: 'bold' }] },
          { type: 'text', text: ` ${sentence}` },
        ],
      })),
    ]).flat(),
  ],
};

export interface ServerReady {
  port: number;
  /** One access token per editor, each of a different member of the team. */
  tokens: string[];
  /** The projects shared with the team, each with seedContent as its document. */
  projectIds: string[];
  database: 'pglite' | 'postgresql';
}

export type ControlRequest = 'memory' | 'counts';

export interface ServerMemory {
  heapUsed: number;
  /** The part of heapUsed that is compiled code. */
  code: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

export interface ServerCounts {
  documents: number;
  connections: number;
  /** Documents with changes not stored yet, or a store scheduled or under way. */
  storing: number;
}

export type ControlAnswer = { memory: ServerMemory } | { counts: ServerCounts };
