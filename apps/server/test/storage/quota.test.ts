import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_QUOTA_BYTES } from '@redacta/shared';
import { conversationEntries, documents } from '../../src/db/schema.ts';
import { createTestApp, SMALL_STORAGE_QUOTAS, type TestApp } from '../helpers/app.ts';
import { createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { doc, insertProject } from '../helpers/project-factories.ts';

let t: TestApp;
/** The app with the plans' own quotas, or `small` ones (SMALL_STORAGE_QUOTAS), quick to fill. */
async function start(quotas: 'real' | 'small') {
  t = await createTestApp({}, quotas === 'small' ? { storageQuotas: SMALL_STORAGE_QUOTAS } : {});
}
afterEach(() => t.app.close());

const MiB = 1024 * 1024;
/** Text that does not compress, so it is stored at its length. */
const noise = (bytes: number) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString('base64')
    .slice(0, bytes);

function storage(user: TestUser, workspaceId = user.workspaceId) {
  return t.app.inject({ method: 'GET', url: `/api/workspace/${workspaceId}/storage`, headers: user.auth });
}
async function usedBytes(user: TestUser): Promise<number> {
  return (await storage(user)).json().usedBytes;
}
/** A save based on the document as it is now. */
async function saveDocument(user: TestUser, projectId: string, text: string) {
  const url = `/api/project/${projectId}/document`;
  const { updatedAt } = (await t.app.inject({ method: 'GET', url, headers: user.auth })).json();
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: user.auth,
    payload: { content: doc(text), updatedAt },
  });
}
async function documentText(projectId: string) {
  const [row] = await t.app.db.select().from(documents).where(eq(documents.projectId, projectId));
  return JSON.stringify(row!.content);
}

function createVoice(user: TestUser, voice: string, name = 'Voz') {
  const url = `/api/brand-voice/workspace/${user.workspaceId}`;
  return t.app.inject({ method: 'POST', url, headers: user.auth, payload: { name, voice } });
}
function editVoice(user: TestUser, id: string, voice: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/brand-voice/${id}`,
    headers: user.auth,
    payload: { voice },
  });
}
function createPrompt(user: TestUser, text: string, name = 'P') {
  const payload = { workspaceId: user.workspaceId, language: 'es', name, text };
  return t.app.inject({ method: 'POST', url: '/api/prompt/custom', headers: user.auth, payload });
}
function editPrompt(user: TestUser, id: string, text: string) {
  const url = `/api/prompt/custom/${id}`;
  return t.app.inject({ method: 'PATCH', url, headers: user.auth, payload: { name: 'P', text } });
}
function createTemplate(user: TestUser, prompt: string, name = 'P') {
  const payload = {
    name,
    language: 'es',
    prompt: `${prompt} {{tema}}`,
    fields: [{ key: 'tema', label: 'Tema', type: 'text', required: true }],
  };
  const url = `/api/workspace/${user.workspaceId}/templates`;
  return t.app.inject({ method: 'POST', url, headers: user.auth, payload });
}
function editTemplate(user: TestUser, id: string, prompt: string) {
  const url = `/api/template/${id}`;
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: user.auth,
    payload: { prompt: `${prompt} {{tema}}` },
  });
}
function sendChat(user: TestUser, projectId: string, message: string) {
  const payload = { workspaceId: user.workspaceId, projectId, message };
  return t.app.inject({ method: 'POST', url: '/api/chat/send-request-stream', headers: user.auth, payload });
}

/** Fills the user's workspace with a conversation until `room` bytes are left (negative: over the quota). */
async function fill(user: TestUser, room: number) {
  const project = await insertProject(t.app, user, { name: 'Relleno' });
  const used = await usedBytes(user);
  const quota = (await storage(user)).json().limitBytes as number;
  // A value this large is kept out of line, counted at its length.
  await t.app.db.insert(conversationEntries).values({
    projectId: project.id,
    role: 'user',
    content: noise(quota - used - room),
    createdBy: user.id,
  });
  expect(quota - (await usedBytes(user))).toBe(room);
}

describe('storage quota per workspace', () => {
  it('GET /workspace/:id/storage counts what documents, conversations, voices and prompts store', async () => {
    await start('real');
    const ana = await createUser(t.app);
    const outsider = await createUser(t.app);
    const first = await storage(ana);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      workspaceId: ana.workspaceId,
      usedBytes: 0,
      limitBytes: STORAGE_QUOTA_BYTES.free,
    });
    expect(STORAGE_QUOTA_BYTES.free).toBe(50 * MiB);

    const project = await insertProject(t.app, ana);
    const afterProject = await usedBytes(ana);
    expect(afterProject).toBeGreaterThan(0);
    expect((await saveDocument(ana, project.id, noise(100_000))).statusCode).toBe(200);
    const afterDocument = await usedBytes(ana);
    expect(afterDocument - afterProject).toBeGreaterThanOrEqual(100_000);
    await t.app.db
      .insert(conversationEntries)
      .values({ projectId: project.id, role: 'user', content: noise(20_000), createdBy: ana.id });
    const afterEntry = await usedBytes(ana);
    expect(afterEntry - afterDocument).toBe(20_000);
    const prompt = await createPrompt(ana, noise(5_000), 'P');
    expect(prompt.statusCode).toBe(201);
    const afterPrompt = await usedBytes(ana);
    // Values over about 2 KB are kept out of line at their length; shorter ones carry a small header.
    expect(afterPrompt - afterEntry).toBe(5_000 + 2);
    const voice = await createVoice(ana, noise(1_000), 'V');
    expect(voice.statusCode).toBe(201);
    expect((await usedBytes(ana)) - afterPrompt).toBe(1_004 + 2);

    // Another workspace's storage is not yours to read.
    expect((await storage(outsider, ana.workspaceId)).statusCode).toBe(404);
    await setPlan(t.app, ana.workspaceId, 'pro_monthly');
    expect((await storage(ana)).json().limitBytes).toBe(5 * 1024 * MiB);
    expect(STORAGE_QUOTA_BYTES.enterprise).toBe(5 * 1024 * MiB);
  });

  it('refuses a document save that would not fit with 413 STORAGE_FULL, keeping the saved one; smaller saves go through', async () => {
    await start('small');
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    expect((await saveDocument(ana, project.id, noise(200_000))).statusCode).toBe(200);
    await fill(ana, 400_000);
    const saved = await documentText(project.id);

    // A replacement adds its text to the JSON, the plain text and the live state's history.
    const bigger = await saveDocument(ana, project.id, noise(300_000));
    expect(bigger.statusCode).toBe(413);
    expect(bigger.json().error.code).toBe('STORAGE_FULL');
    expect(bigger.json().error.message).toMatch(/delete .* or upgrade the plan/);
    expect(await documentText(project.id)).toBe(saved);
    // Growing within the room left is fine.
    expect((await saveDocument(ana, project.id, noise(220_000))).statusCode).toBe(200);

    // Over the quota (a plan changed, say), a save that shrinks the document is always allowed.
    await fill(ana, -10_000);
    expect((await saveDocument(ana, project.id, noise(219_000))).statusCode).toBe(200);
    expect(await usedBytes(ana)).toBeGreaterThan(SMALL_STORAGE_QUOTAS.free);
    expect((await saveDocument(ana, project.id, noise(219_100))).statusCode).toBe(413);

    // The same workspace on Pro has room to spare.
    await setPlan(t.app, ana.workspaceId, 'pro_yearly');
    expect((await saveDocument(ana, project.id, noise(900_000))).statusCode).toBe(200);
  });

  it('lets only as many concurrent document saves grow the workspace as fit', async () => {
    await start('small');
    const ana = await createUser(t.app);
    const [one, two] = [await insertProject(t.app, ana), await insertProject(t.app, ana)];
    // Each document takes its 100,000 characters three times (JSON, text, live state): one fits.
    await fill(ana, 450_000);
    const answers = await Promise.all([
      saveDocument(ana, one.id, noise(100_000)),
      saveDocument(ana, two.id, noise(100_000)),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 413]);
    expect(await usedBytes(ana)).toBeLessThanOrEqual(SMALL_STORAGE_QUOTAS.free);
  });

  // The one test that fills the plans' own 50 MB, which takes a busy machine several seconds.
  it('refuses new brand voices, custom prompts, templates and chat requests in a full workspace; shrinking edits go through', async () => {
    await start('real');
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    const voice = await createVoice(ana, noise(2_000), 'Voz');
    const prompt = await createPrompt(ana, noise(2_000));
    const before = await usedBytes(ana);
    const template = await createTemplate(ana, noise(2_000));
    expect(template.statusCode, template.body).toBe(201);
    // A template counts in the workspace's storage: its prompt, fields and the rest.
    expect((await usedBytes(ana)) - before).toBeGreaterThan(2_000);
    await fill(ana, 100);

    const refused = [
      await createVoice(ana, noise(200), 'Otra'),
      await createPrompt(ana, noise(200), 'Otra'),
      await editVoice(ana, voice.json().id, noise(2_200)),
      await editPrompt(ana, prompt.json().id, noise(2_200)),
      await createTemplate(ana, noise(200), 'Otra'),
      await editTemplate(ana, template.json().id, noise(2_200)),
      await sendChat(ana, project.id, noise(200)),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error.code).toBe('STORAGE_FULL');
    }
    const entries = await t.app.db
      .select()
      .from(conversationEntries)
      .where(eq(conversationEntries.projectId, project.id));
    expect(entries).toHaveLength(0);

    const shrunk = [
      await editVoice(ana, voice.json().id, noise(1_000)),
      await editPrompt(ana, prompt.json().id, noise(1_000)),
      await editTemplate(ana, template.json().id, noise(1_000)),
    ];
    for (const res of shrunk) expect(res.statusCode, res.body).toBe(200);
    // What the edits freed is room again: a small chat request fits now.
    const chat = await sendChat(ana, project.id, 'Un eslogan corto');
    expect(chat.statusCode).toBe(200);
  }, 90_000);
});

describe('the storage check before a chat request', () => {
  it('reads the exact figure again near the quota, so a workspace filled meanwhile is refused at once', async () => {
    await start('small');
    const ana = await createUser(t.app);
    const project = await insertProject(t.app, ana);
    await fill(ana, Math.floor(SMALL_STORAGE_QUOTAS.free * 0.05));
    const nearlyFull = await sendChat(ana, project.id, 'Un eslogan corto');
    expect(nearlyFull.statusCode, nearlyFull.body).toBe(200);

    await fill(ana, 10);
    const full = await sendChat(ana, project.id, noise(200));
    expect(full.statusCode, full.body).toBe(413);
    expect(full.json().error.code).toBe('STORAGE_FULL');
  });
});
