import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDemoWriter, demoWriterOptions } from '../../src/ai/demo/writer.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { readParts, textOf } from '../chat/chat-helpers.ts';

/*
 * Regenerate asks for another version of a reply: with no model configured, the demo writer must
 * give one that reads differently from the first, not the same text again.
 */

let t: ListeningApp;

beforeEach(async () => {
  t = await listeningApp();
});
afterEach(async () => {
  await t.close();
});

async function send(body: Record<string, unknown>) {
  const res = await fetch(`${t.base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...t.ana.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: t.ana.workspaceId, projectId: t.projectId, ...body }),
  });
  expect(res.status).toBe(200);
  const parts = await readParts(res);
  const finish = parts.at(-1)!.part;
  if (finish.type !== 'finish') throw new Error(`the reply did not finish: ${finish.type}`);
  return { text: textOf(parts), messageId: finish.messageId };
}

describe('the demo writer regenerating a reply', () => {
  it.each([
    'Escribe un anuncio para Instagram sobre zapatillas de running',
    'Dame 3 titulares para una cafetería de barrio',
    'Hola',
  ])('answers %j again with another version each time', async (message) => {
    const first = await send({ message });
    expect(first.text).not.toBe('');
    const second = await send({ regenerate: { entryId: first.messageId } });
    expect(second.text).not.toBe('');
    expect(second.text).not.toBe(first.text);
    const third = await send({ regenerate: { entryId: second.messageId } });
    expect(third.text).not.toBe(first.text);
  });

  it('still gives the same first reply to the same message, and any variant another one', async () => {
    const writer = createDemoWriter({ modelId: 'demo', delayMs: 1 });
    const reply = async (message: string, variant?: number) => {
      const result = await writer.doGenerate({
        prompt: [{ role: 'user', content: [{ type: 'text', text: message }] }],
        providerOptions: demoWriterOptions({ language: 'en', task: 'chat', variant }),
      });
      return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    };
    for (const message of ['Write a product description for a steel water bottle', 'Hello', 'Ideas']) {
      const first = await reply(message);
      expect(await reply(message)).toBe(first);
      expect(await reply(message, 0)).toBe(first);
      for (const variant of [1, 2, 3, 7, 1_000_003]) expect(await reply(message, variant)).not.toBe(first);
    }
  });
});
