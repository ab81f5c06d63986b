/**
 * The benchmark's data, written straight into a fresh PGlite before the server opens it (the server
 * locks its data directory): one user whose workspace holds a project per conversation size, and
 * another whose workspace holds thousands of projects and custom prompts for the lists.
 */
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { conversationEntries, projects, prompts, users } from '../../apps/server/src/db/schema.ts';
import { createPersonalWorkspace } from '../../apps/server/src/modules/workspaces/service.ts';
import type { Db } from '../../apps/server/src/db/client.ts';

export interface SeededUser {
  userId: string;
  email: string;
  workspaceId: string;
}

export interface SeededConversation {
  projectId: string;
  entries: number;
  lastReplyId: string;
  /** Text found only in the project's last reply. */
  lastReplyMarker: string;
  /** Text found only in the project's first entry. */
  firstRequestText: string;
}

export interface Seed {
  chatUser: SeededUser;
  conversations: SeededConversation[];
  listsUser: SeededUser & { projects: number; prompts: number };
  /** Nothing but the personal workspace: a first visit to /chat. */
  freshUser: SeededUser;
}

const topics = [
  'zapatillas de trail',
  'café de especialidad',
  'software de facturación',
  'hotel rural',
  'curso de fotografía',
];
const words =
  'marca cliente propuesta valor beneficio historia mensaje campaña lector oferta detalle confianza ritmo tono público resultado idea prueba titular llamada'.split(
    ' ',
  );

/** A ~150-word Markdown reply like the model's: a heading, paragraphs with emphasis, a list, a link. */
export function markdownReply(index: number, marker = ''): string {
  const topic = topics[index % topics.length]!;
  const filler = (count: number, offset: number) =>
    Array.from({ length: count }, (_, i) => words[(index + offset + i * 7) % words.length]).join(' ');
  return [
    `## Propuesta ${index + 1}: ${topic}${marker ? ` — ${marker}` : ''}`,
    '',
    `Para **${topic}** conviene abrir con una promesa clara y concreta. ${filler(28, 1)}.`,
    '',
    `- **Titular:** ${filler(9, 2)}`,
    `- **Subtítulo:** ${filler(12, 3)}`,
    `- **Llamada a la acción:** ${filler(6, 4)}`,
    '',
    `${filler(30, 5)}, con *un tono cercano* y frases cortas. Puedes ver un ejemplo en [nuestra guía](https://example.com/guia/${index}).`,
    '',
    `> ${filler(14, 6)}.`,
    '',
    `${filler(24, 7)}.`,
  ].join('\n');
}

async function createUser(db: Db, email: string, firstName: string): Promise<SeededUser> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, firstName, lastName: 'Bench', locale: 'es' })
      .returning();
    const workspace = await createPersonalWorkspace(tx, { id: user!.id, email, locale: 'es' });
    return { email, workspaceId: workspace.id, userId: user!.id };
  });
}

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>, size = 500) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

async function seedConversation(db: Db, workspaceId: string, userId: string, entries: number) {
  const [project] = await db
    .insert(projects)
    .values({ workspaceId, createdBy: userId, name: `Conversación de ${entries} entradas` })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const lastReplyMarker = `fin-de-la-conversación-${entries}`;
  // Requests and their replies alternate, a minute apart, ending with a reply.
  const start = Date.now() - entries * 60_000;
  const rows: (typeof conversationEntries.$inferInsert & { id: string })[] = [];
  for (let i = 0; i < entries; i += 2) {
    const requestId = crypto.randomUUID();
    rows.push({
      id: requestId,
      projectId,
      role: 'user',
      content: `Escríbeme una propuesta de texto para la campaña número ${i / 2 + 1}, con titular y llamada a la acción.`,
      createdBy: userId,
      createdAt: new Date(start + i * 60_000),
    });
    rows.push({
      id: crypto.randomUUID(),
      projectId,
      role: 'assistant',
      content: markdownReply(i / 2, i + 2 >= entries ? lastReplyMarker : ''),
      model: 'GPT-4.1 mini',
      requestId,
      wordsCharged: 150,
      createdAt: new Date(start + (i + 1) * 60_000),
    });
  }
  await insertInBatches(rows, (batch) => db.insert(conversationEntries).values(batch));
  return {
    projectId,
    entries: rows.length,
    lastReplyId: rows.at(-1)!.id,
    lastReplyMarker,
    firstRequestText: 'campaña número 1,',
  };
}

export async function seed(
  dataDir: string,
  options: { sizes: number[]; listProjects: number; listPrompts: number },
): Promise<Seed> {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const chat = await createUser(db, 'bench-chat@example.com', 'Carla');
    const conversations: SeededConversation[] = [];
    for (const size of options.sizes) {
      conversations.push(await seedConversation(db, chat.workspaceId, chat.userId, size));
    }

    const lists = await createUser(db, 'bench-lists@example.com', 'Lucas');
    const now = Date.now();
    await insertInBatches(
      Array.from({ length: options.listProjects }, (_, i) => ({
        workspaceId: lists.workspaceId,
        createdBy: lists.userId,
        name: `Proyecto ${String(i + 1).padStart(4, '0')} · ${topics[i % topics.length]}`,
        createdAt: new Date(now - i * 60_000),
        updatedAt: new Date(now - i * 60_000),
      })),
      (batch) => db.insert(projects).values(batch),
    );
    await insertInBatches(
      Array.from({ length: options.listPrompts }, (_, i) => ({
        workspaceId: lists.workspaceId,
        language: 'es' as const,
        name: `Mi plantilla ${i + 1}: ${topics[i % topics.length]}`,
        text: `Escribe un texto sobre {{producto}} para {{público}}. ${markdownReply(i).slice(0, 300)}`,
        createdBy: lists.userId,
      })),
      (batch) => db.insert(prompts).values(batch),
    );
    const fresh = await createUser(db, 'bench-fresh@example.com', 'Marta');
    return {
      freshUser: fresh,
      chatUser: chat,
      conversations,
      listsUser: {
        ...lists,
        projects: options.listProjects,
        prompts: options.listPrompts,
      },
    };
  } finally {
    await database.close();
  }
}
