import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamPart, KnowledgeCitation } from '@redacta/shared';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { readParts } from '../chat/chat-helpers.ts';
import { addReadyFile } from './knowledge-helpers.ts';

// The offline demo writer answers: no model provider is configured.
let t: ListeningApp;
afterEach(async () => {
  await t.close();
});

const question = '¿Cuál es el precio y el plazo de entrega?';
const price =
  'Precio: la caja de café de especialidad cuesta 24 euros, con entrega gratuita en la península.';
const delivery = 'Plazo de entrega: 48 horas desde la confirmación del pedido.';

/** The demo's reply to the question with a knowledge base of one file, and the sources it cites. */
async function ask(file: { name: string; type: string; text: string }) {
  t = await listeningApp();
  const { base, ana, projectId } = t;
  await addReadyFile(t.app, ana, file);
  const res = await fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...ana.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: question }),
  });
  expect(res.status).toBe(200);
  const parts: ChatStreamPart[] = (await readParts(res)).map((p) => p.part);
  const sources: KnowledgeCitation[] = parts.flatMap((part) => (part.type === 'sources' ? part.sources : []));
  const reply = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { reply, sources };
}

/** The number a source is cited by: the one whose passage holds the fact. */
const citationOf = (sources: KnowledgeCitation[], fact: string) =>
  sources.find((s) => s.excerpt.includes(fact))!.n;

describe('the demo writer answers from the knowledge', () => {
  it('quotes both facts asked for when they are paragraphs of one file, each cited', async () => {
    const text = ['Café Origen: condiciones de venta.', '', price, '', delivery].join('\n');
    const { reply, sources } = await ask({ name: 'condiciones.txt', type: 'text/plain', text });
    expect(reply).toContain(`- ${price} [${citationOf(sources, price)}]`);
    expect(reply).toContain(`- ${delivery} [${citationOf(sources, delivery)}]`);
    expect(reply).not.toContain('Café Origen: condiciones de venta.');
  });

  it('quotes every cited passage that matches the question, each with its own citation', async () => {
    const text = ['# Precio', price, '', '# Envíos', 'Enviamos a toda la península. ' + delivery].join('\n');
    const { reply, sources } = await ask({ name: 'condiciones.md', type: 'text/markdown', text });
    expect(sources.length).toBe(2);
    expect(reply).toContain(`- ${price} [${citationOf(sources, price)}]`);
    expect(reply).toContain(`- ${delivery} [${citationOf(sources, delivery)}]`);
    expect(citationOf(sources, price)).not.toBe(citationOf(sources, delivery));
  });
});
