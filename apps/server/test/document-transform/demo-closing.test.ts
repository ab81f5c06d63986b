import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { partsOf, postTransform, textOf } from './transform-client.ts';

// The offline demo writer answers: no model provider is configured.
let t: ListeningApp;

beforeEach(async () => {
  t = await listeningApp();
});
afterEach(async () => {
  await t.close();
});

const middle = 'Descubre nuestro café de origen. Lo tostamos cada semana en pequeñas cantidades.';

async function transformed(body: Record<string, unknown>): Promise<string> {
  const res = await postTransform(
    { base: t.base, user: t.ana, projectId: t.projectId },
    { text: middle, ...body },
  );
  expect(res.status).toBe(200);
  const parts = await partsOf(res);
  expect(parts.find((part) => part.type === 'start')).toMatchObject({ demo: true });
  return textOf(parts);
}

/** The sentences the passage's last one is followed by: a closing line added after it. */
const afterPassage = (result: string) => result.slice(result.indexOf('pequeñas cantidades') + 20).trim();

describe('the demo writer changes the tone of a passage', () => {
  it('adds no closing line to a passage in the middle of the document', async () => {
    for (const tone of ['formal', 'closer', 'persuasive']) {
      const result = await transformed({ action: 'tone', tone, reachesEnd: false });
      expect(result, tone).toContain('pequeñas cantidades');
      expect(afterPassage(result), tone).toBe('');
    }
    // A client that does not say where the selection ends gets no closing line either.
    const formal = await transformed({ action: 'tone', tone: 'formal' });
    expect(formal).toBe('Descubra nuestro café de origen. Lo tostamos cada semana en pequeñas cantidades.');
    // A free instruction that asks for a tone follows the same rule.
    const asked = await transformed({ action: 'custom', instruction: 'Hazlo más formal', reachesEnd: false });
    expect(asked).toBe(formal);
  });

  it('closes the text when the passage is the end of the document', async () => {
    const formal = await transformed({ action: 'tone', tone: 'formal', reachesEnd: true });
    expect(afterPassage(formal)).toBe('Quedamos a su disposición para lo que necesite.');
    const persuasive = await transformed({ action: 'tone', tone: 'persuasive', reachesEnd: true });
    expect(afterPassage(persuasive)).toMatch(/^(?:Empieza hoy|Pruébalo ahora|Da el paso hoy)/);
  });

  it('refuses a reachesEnd that is not a boolean', async () => {
    const res = await fetch(`${t.base}/api/document/transform`, {
      method: 'POST',
      headers: { ...t.ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaceId: t.ana.workspaceId,
        projectId: t.projectId,
        text: middle,
        action: 'tone',
        tone: 'formal',
        reachesEnd: 'yes',
      }),
    });
    expect(res.status).toBe(400);
  });
});
