/**
 * The soak benchmark's virtual users: each signs in through the e-mail code routes, then goes round a
 * fixed mix — the lists a user opens (workspaces, projects, folders, prompt library), a chat message
 * read to its `finish` part, a document read and save — with a short pause between actions and a fresh
 * sign-in every SIGN_IN_EVERY actions. Every answer is checked: a status other than the expected one,
 * a chat stream without `finish`, or a network error is an error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Instance, SignedIn } from '../capacity/instance.ts';
import type { SeededUser } from '../capacity/seed.ts';

export const families = [
  'sign-in',
  'workspace list',
  'project list',
  'folder list',
  'prompt library',
  'chat (whole reply)',
  'document read',
  'document save',
] as const;
export type Family = (typeof families)[number];

export interface Recorder {
  record(family: Family, ms: number): void;
  error(family: Family, detail: string): void;
}

const SIGN_IN_EVERY = 40;
const THINK_MS = 100;

function documentContent(user: number, round: number) {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Borrador ${round}` }] },
      ...Array.from({ length: 6 }, (_, i) => ({
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: `Párrafo ${i + 1} del usuario ${user}, vuelta ${round}: un texto de campaña con su titular, su promesa y su llamada a la acción.`,
          },
        ],
      })),
    ],
  };
}

export async function runVirtualUser(
  instance: Instance<SeededUser[]>,
  index: number,
  until: () => boolean,
  recorder: Recorder,
) {
  const user = instance.seeded[index]!;
  let session: SignedIn | null = null;
  let action = 0;

  const timed = async (family: Family, run: () => Promise<string | null>) => {
    const started = performance.now();
    let problem: string | null;
    try {
      problem = await run();
    } catch (error) {
      problem = `request failed: ${(error as Error).message}`;
    }
    if (problem) recorder.error(family, problem);
    else recorder.record(family, performance.now() - started);
  };
  const call = async (family: Family, method: string, path: string, body?: unknown, expected = 200) =>
    timed(family, async () => {
      const res = await fetch(`${instance.url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session!.accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return res.status === expected
        ? null
        : `${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`;
    });

  while (!until()) {
    if (!session || action % SIGN_IN_EVERY === 0) {
      await timed('sign-in', async () => {
        session = await instance.signIn(user.email);
        return null;
      });
      if (!session) {
        await sleep(1000);
        continue;
      }
    }
    const projectId = user.projectIds[action % user.projectIds.length]!;
    const step = action % 8;
    action += 1;
    if (step === 0) await call('workspace list', 'GET', '/workspace/list');
    else if (step === 1)
      await call('project list', 'GET', `/workspace/${user.workspaceId}/projects?limit=50`);
    else if (step === 2) await call('folder list', 'GET', `/workspace/${user.workspaceId}/folders`);
    else if (step === 3) await call('prompt library', 'GET', `/prompt/by-workspace/${user.workspaceId}`);
    else if (step === 4) await call('document read', 'GET', `/project/${projectId}/document`);
    else if (step === 5) {
      await call('document save', 'PATCH', `/project/${projectId}/document`, {
        content: documentContent(index, action),
        // Based on a time after any change: each save replaces the document, as the soak always did.
        updatedAt: '2100-01-01T00:00:00.000Z',
      });
    } else if (step === 6) {
      await timed('chat (whole reply)', async () => {
        const res = await fetch(`${instance.url}/api/chat/send-request-stream`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session!.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            workspaceId: user.workspaceId,
            projectId,
            message: `Escribe un titular para la campaña ${action}`,
          }),
        });
        const text = await res.text();
        if (res.status !== 200) return `chat answered ${res.status}: ${text.slice(0, 200)}`;
        return text.includes('{"type":"finish"') ? null : `chat stream without finish: ${text.slice(-200)}`;
      });
    } else await call('project list', 'GET', `/workspace/${user.workspaceId}/projects/no-folder?limit=50`);
    await sleep(THINK_MS);
  }
}
