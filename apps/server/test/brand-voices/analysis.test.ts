import { afterEach, describe, expect, it } from 'vitest';
import { countWords, usagePeriod } from '@redacta/shared';
import { usageCounters } from '../../src/db/schema.ts';
import { composeVoiceDescription } from '../../src/ai/demo/analysis.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, wordCount } from '../chat/chat-helpers.ts';

const sentence = 'Tostamos café cada mañana y te lo llevamos a casa. ';
const words = (n: number) => Array.from({ length: n }, (_, i) => `palabra${i}`).join(' ');

let t: TestApp;
let peer: OpenAIPeer | undefined;
afterEach(async () => {
  await t.app.close();
  await peer?.close();
  peer = undefined;
});

function analyse(user: TestUser, text: string, workspaceId = user.workspaceId) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/brand-voice/analyze-content',
    headers: user.auth,
    payload: { workspaceId, text },
  });
}

describe('brand-voice analysis with the demo writer', () => {
  it('describes the sample, warns outside 50–500 words and charges the words of the description', async () => {
    t = await createTestApp({ FREE_PLAN_WORDS: '2000' });
    const ana = await createUser(t.app);
    const sample = sentence.repeat(4).trim();
    const res = await analyse(ana, sample);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.voice).toBe(composeVoiceDescription(sample, 'es'));
    expect(body.voice).toContain('Tutea al lector');
    expect(body).toMatchObject({ sampleWords: countWords(sample), warning: 'TOO_SHORT' });
    expect(body.wordsCharged).toBe(countWords(body.voice));
    expect(body.remaining).toBe(2000 - body.wordsCharged);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(body.wordsCharged);

    expect((await analyse(ana, sentence.repeat(10))).json().warning).toBeNull();
    const long = await analyse(ana, words(501));
    expect(long.json()).toMatchObject({ sampleWords: 501, warning: 'TOO_LONG' });
  });

  it('writes the description in the workspace language', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app, { locale: 'en' });
    const res = await analyse(ana, 'We ship fresh coffee every day. You will love it!');
    expect(res.json().voice).toMatch(/^Tone: /);
  });

  it('refuses an empty sample and one over 5,000 words, charging nothing', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    for (const text of ['', '   ', '¡¿... !!!?']) {
      const res = await analyse(ana, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const tooLong = await analyse(ana, words(5001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('BRAND_VOICE_SAMPLE_TOO_LONG');
    expect((await analyse(ana, words(5000))).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/brand-voice/analyze-content',
      headers: ana.auth,
      payload: { workspaceId: ana.workspaceId, text: 'hola', extra: 1 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses with NO_WORDS_LEFT when the allowance is used up, and not on an unlimited plan', async () => {
    t = await createTestApp({ FREE_PLAN_WORDS: '100' });
    const ana = await createUser(t.app);
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: ana.workspaceId, period: usagePeriod(new Date()), wordCount: 100 });
    const res = await analyse(ana, sentence);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('NO_WORDS_LEFT');
    expect(await wordCount(t.app, ana.workspaceId)).toBe(100);
    await setPlan(t.app, ana.workspaceId, 'pro_monthly');
    const pro = await analyse(ana, sentence);
    expect(pro.statusCode).toBe(200);
    expect(pro.json().remaining).toBeNull();
  });
});

describe('brand-voice analysis over the OpenAI protocol', () => {
  async function withPeer(env: Record<string, string> = {}) {
    peer = await startOpenAIPeer();
    t = await createTestApp(peerAppEnv(peer, env));
    return createUser(t.app);
  }

  it('sends the analysis instructions and the sample to the model and returns its description', async () => {
    const ana = await withPeer();
    peer!.script = { chunks: ['Tono: cercano', ', entusiasta.\n', 'Haz:\n- Tutea.'] };
    const res = await analyse(ana, sentence.repeat(10));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      voice: 'Tono: cercano, entusiasta.\nHaz:\n- Tutea.',
      wordsCharged: 5,
      remaining: 1995,
      warning: null,
    });
    const [request] = peer!.requests;
    expect(request!.body.model).toBe('peer-standard');
    const [system, user] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(String(system!.content)).toMatch(/Spanish \(español\)/);
    expect(String(system!.content)).toMatch(/Do: a list/);
    expect(JSON.stringify(user!.content)).toContain('Tostamos café cada mañana');
  });

  it('answers BRAND_VOICE_ANALYSIS_FAILED when the provider fails, and charges nothing', async () => {
    const ana = await withPeer();
    peer!.script = { chunks: [], status: 500 };
    const res = await analyse(ana, sentence.repeat(10));
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'BRAND_VOICE_ANALYSIS_FAILED' });
    expect(res.body).not.toMatch(/scripted 500/);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(0);
  });

  it('answers BRAND_VOICE_ANALYSIS_FAILED with 504 when the model stalls', async () => {
    const ana = await withPeer();
    peer!.script = { chunks: ['Tono:', ' cercano'], stallAfter: 1 };
    const res = await analyse(ana, sentence.repeat(10));
    expect(res.statusCode).toBe(504);
    expect(res.json().error.code).toBe('BRAND_VOICE_ANALYSIS_FAILED');
    expect(await wordCount(t.app, ana.workspaceId)).toBe(0);
  });
});

describe('chat with a brand voice and the demo writer', () => {
  it('replies in the voice: usted forms and a closing to the reader in its register, unsigned', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const projectId = await createProject(t.app, ana.workspaceId, ana.id);
    const notice =
      'Estimado cliente: le informamos de que su pedido ha sido enviado. Puede consultar el estado en su área ' +
      'personal. Usted puede contactar con nuestro servicio de atención en cualquier momento. Atentamente.';
    const voice = (await analyse(ana, notice)).json().voice as string;
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/brand-voice/workspace/${ana.workspaceId}`,
      headers: ana.auth,
      payload: { name: 'Banco Serio', voice, isDefault: true },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      headers: ana.auth,
      payload: {
        workspaceId: ana.workspaceId,
        projectId,
        message: 'Un post de Instagram sobre café de especialidad',
        brandVoiceId: created.json().id,
      },
    });
    expect(res.statusCode).toBe(200);
    const reply = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; text?: string })
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join('');
    expect(reply).toContain('Cuéntenos en comentarios cómo lo hace usted.');
    expect(reply).toContain('Quedamos a su disposición para lo que necesite.');
    expect(reply).not.toContain('Banco Serio');
  });
});
