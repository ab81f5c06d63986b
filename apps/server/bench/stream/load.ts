import { performance } from 'node:perf_hooks';
import { readChatStream } from '@redacta/shared';
import { expectedText } from './protocol.ts';

/** One stream as the client saw it: when its first text arrived, and whether all of it did. */
export interface StreamOutcome {
  firstTokenMs: number | null;
  complete: boolean;
}

/** Opens one stream on a path and reads it to the end. */
export type OpenStream = (index: number) => Promise<StreamOutcome>;

async function timed(read: (onText: () => void) => Promise<boolean>): Promise<StreamOutcome> {
  const started = performance.now();
  let firstTokenMs: number | null = null;
  const onText = () => {
    firstTokenMs ??= performance.now() - started;
  };
  try {
    return { complete: await read(onText), firstTokenMs };
  } catch {
    return { complete: false, firstTokenMs };
  }
}

/** A signed-in user of ours and their workspace. */
export interface ChatAccount {
  token: string;
  workspaceId: string;
}

/** What our chat server (app-server.ts) announces once it is ready. */
export interface ChatReady {
  port: number;
  accounts: ChatAccount[];
  projectIds: string[];
  /** PGlite's threads (none on PostgreSQL). */
  databaseThreads: number[];
}

/**
 * Our chat route: NDJSON parts, whole when the text is the full reply and a `finish` part closes it.
 * Stream i writes in project i, which belongs to account i mod the number of accounts.
 */
export function chatStream(base: string, accounts: ChatAccount[], projectIds: string[]): OpenStream {
  return (index) =>
    timed(async (onText) => {
      const { token, workspaceId } = accounts[index % accounts.length]!;
      const res = await fetch(`${base}/api/chat/send-request-stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workspaceId, projectId: projectIds[index], message: 'Escribe un anuncio' }),
      });
      if (!res.ok) return false;
      let text = '';
      let finished = false;
      for await (const part of readChatStream(res.body!)) {
        if (part.type === 'text') {
          onText();
          text += part.text;
        } else if (part.type === 'finish') finished = true;
      }
      return finished && text === expectedText;
    });
}

/** The bare pass-through: plain text, whole when it is the full reply. */
export function passThroughStream(base: string): OpenStream {
  return () =>
    timed(async (onText) => {
      const res = await fetch(`${base}/stream`, { method: 'POST', body: '{}' });
      if (!res.ok) return false;
      const decoder = new TextDecoder();
      let text = '';
      for await (const bytes of res.body!) {
        onText();
        text += decoder.decode(bytes, { stream: true });
      }
      return text === expectedText;
    });
}

/** Straight to the model server: SSE, whole when the deltas make the full reply and [DONE] ends it. */
export function directStream(upstream: string): OpenStream {
  return () =>
    timed(async (onText) => {
      const res = await fetch(`${upstream}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      });
      if (!res.ok) return false;
      const decoder = new TextDecoder();
      let buffer = '';
      let text = '';
      let done = false;
      for await (const bytes of res.body!) {
        buffer += decoder.decode(bytes, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event === 'data: [DONE]') done = true;
          else if (event.startsWith('data: ')) {
            const content = JSON.parse(event.slice(6)).choices[0]?.delta?.content;
            if (content) {
              onText();
              text += content;
            }
          }
        }
      }
      return done && text === expectedText;
    });
}

/**
 * `concurrency` clients, each opening `streamsEach` streams one after another; stream indexes are
 * unique across the run (from `firstIndex`), so each of ours gets its own project.
 */
export async function runLoad(
  open: OpenStream,
  concurrency: number,
  streamsEach: number,
  firstIndex: number,
): Promise<StreamOutcome[]> {
  const outcomes: StreamOutcome[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      for (let n = 0; n < streamsEach; n += 1) {
        outcomes.push(await open(firstIndex + client * streamsEach + n));
      }
    }),
  );
  return outcomes;
}
