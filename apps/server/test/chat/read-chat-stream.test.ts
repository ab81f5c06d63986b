import { describe, expect, it } from 'vitest';
import { readChatStream } from '@redacta/shared';

function bodyOf(...pieces: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array>) {
  const parts = [];
  for await (const part of readChatStream(body)) parts.push(part);
  return parts;
}

describe('readChatStream (shared with the web client)', () => {
  it('rebuilds parts split across chunks, several per chunk, and multi-byte characters cut in two', async () => {
    const bytes = new TextEncoder().encode('{"type":"text","text":"añ"}\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside "ñ"
    const parts = await all(
      bodyOf(
        '{"type":"start","userEntryId":"4b7c2d0e-1f2a-4c3b-8d4e-5f6a7b8c9d0e","model":"m","demo":false}\n{"type":"te',
        'xt","text":"Hola\\nmundo"}\n',
      ),
    );
    expect(parts).toEqual([
      { type: 'start', userEntryId: '4b7c2d0e-1f2a-4c3b-8d4e-5f6a7b8c9d0e', model: 'm', demo: false },
      { type: 'text', text: 'Hola\nmundo' },
    ]);

    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    expect(await all(split)).toEqual([{ type: 'text', text: 'añ' }]);
  });

  it('throws on a line that is not a chat stream part', async () => {
    await expect(all(bodyOf('{"type":"nope"}\n'))).rejects.toThrow();
  });
});
