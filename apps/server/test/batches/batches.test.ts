import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BATCH_EMAIL_AFTER_MS, BATCH_ROWS_MAX, usagePeriod, type Template } from '@redacta/shared';
import { batches, usageCounters, wordReservations } from '../../src/db/schema.ts';
import { ROW_CHUNK } from '../../src/modules/batches/rows.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import {
  batchAction,
  createdBatch,
  createTemplate,
  productsCsv,
  productTemplate,
  readBatch,
  readRows,
  uploadBatch,
  waitForBatch,
  waitForNoRowRunning,
} from './batch-helpers.ts';

let t: TestApp;
let ana: TestUser;
let template: Template;

beforeEach(async () => {
  t = await createTestApp();
  ana = await createUser(t.app);
  await setPlan(t.app, ana.workspaceId, 'pro_monthly');
  template = await createTemplate(t.app, ana);
});
afterEach(() => t.app.close());

async function wordsCounted(workspaceId: string): Promise<number> {
  const [counter] = await t.app.db
    .select({ words: usageCounters.wordCount })
    .from(usageCounters)
    .where(
      and(eq(usageCounters.workspaceId, workspaceId), eq(usageCounters.period, usagePeriod(new Date()))),
    );
  return counter?.words ?? 0;
}

describe('making a batch', () => {
  it('matches the columns to the fields by name, lists refused rows by line and column, and previews the first rows', async () => {
    const csv =
      'producto;PÚBLICO\r\nZapatillas;Corredores\r\n;Sin producto\r\nMochila;Estudiantes\r\nGorra;\r\n';
    const batch = await createdBatch(t.app, ana, {
      csv,
      templateId: template.id,
      controls: { length: 'short' },
    });
    expect(batch).toMatchObject({
      status: 'draft',
      total: 4,
      done: 0,
      wordsCharged: 0,
      columns: ['producto', 'PÚBLICO'],
      mapping: { producto: 'producto', publico: 'PÚBLICO' },
      invalid: [{ line: 3, column: 'producto', message: 'Required', code: 'required' }],
    });
    expect(batch.preview).toEqual([
      {
        index: 0,
        prompt: 'Describe el producto Zapatillas para la tienda en línea, en pocas frases.',
        invalid: false,
      },
      // The row without a product is previewed marked: it is skipped, or it keeps the batch from starting.
      { index: 1, prompt: 'Describe el producto  para la tienda en línea, en pocas frases.', invalid: true },
      {
        index: 2,
        prompt: 'Describe el producto Mochila para la tienda en línea, en pocas frases.',
        invalid: false,
      },
    ]);
    // Four rows of a short answer (at most 120 words each).
    expect(batch.estimatedWords).toBe(480);
    expect(await wordsCounted(ana.workspaceId)).toBe(0);
  });

  it("keeps what reading the file found wrong when the draft's mapping changes", async () => {
    const batch = await createdBatch(t.app, ana, {
      csv: 'Producto;Público;Nota\r\nZapatillas;Corredores;x\r\nMochila;Estudiantes\r\n',
      templateId: template.id,
    });
    const fileProblem = {
      line: 3,
      column: 'Nota',
      message: 'Line 3 has 2 cells where the header has 3',
      code: 'shortRow',
      limit: 3,
    };
    expect(batch.invalid).toEqual([fileProblem]);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch/${batch.id}`,
      headers: ana.auth,
      payload: { mapping: { producto: 'Producto', publico: 'Nota' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().mapping).toEqual({ producto: 'Producto', publico: 'Nota' });
    expect(patched.json().invalid).toEqual([fileProblem]);
  });

  it("counts its rows in the workspace's storage", async () => {
    const used = async () =>
      (await t.app.inject({ url: `/api/workspace/${ana.workspaceId}/storage`, headers: ana.auth })).json()
        .usedBytes;
    const before = await used();
    await createdBatch(t.app, ana, { csv: productsCsv(200), templateId: template.id });
    // 200 rows of two short cells: several kilobytes as stored.
    expect((await used()) - before).toBeGreaterThan(200 * 30);
  });

  it('refuses more rows than the plan runs in one batch, naming the cap', async () => {
    await setPlan(t.app, ana.workspaceId, 'free');
    const res = await uploadBatch(t.app, ana, {
      csv: productsCsv(BATCH_ROWS_MAX.free + 1),
      templateId: template.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BATCH_TOO_MANY_ROWS');
    expect(res.json().error.message).toContain(String(BATCH_ROWS_MAX.free));
  });

  it('answers 400 in our shape for a missing file, a bad template id, a mapping to no column and bad controls', async () => {
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${ana.workspaceId}/batches`,
      headers: ana.auth,
      payload: { templateId: template.id },
    });
    expect(noFile.statusCode).toBe(400);
    for (const fields of [
      { csv: productsCsv(2), templateId: 'not-a-uuid' },
      { csv: productsCsv(2), templateId: template.id, mapping: { producto: 'Nombre' } },
      { csv: productsCsv(2), templateId: template.id, mapping: { nada: 'Producto' } },
      { csv: productsCsv(2), templateId: template.id, controls: { tone: 'loud' } },
    ]) {
      const res = await uploadBatch(t.app, ana, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it("answers 404 for another workspace's template, batch or workspace", async () => {
    const eva = await createUser(t.app);
    const evaTemplate = await createTemplate(t.app, eva);
    expect(
      (await uploadBatch(t.app, ana, { csv: productsCsv(2), templateId: evaTemplate.id })).statusCode,
    ).toBe(404);
    expect(
      (await uploadBatch(t.app, eva, { csv: productsCsv(2), templateId: evaTemplate.id }, ana.workspaceId))
        .statusCode,
    ).toBe(404);
    const batch = await createdBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id });
    for (const request of [
      { method: 'GET' as const, url: `/api/batch/${batch.id}` },
      { method: 'GET' as const, url: `/api/batch/${batch.id}/rows` },
      { method: 'GET' as const, url: `/api/batch/${batch.id}/export` },
      { method: 'POST' as const, url: `/api/batch/${batch.id}/start` },
      { method: 'POST' as const, url: `/api/batch/${batch.id}/cancel` },
      { method: 'PATCH' as const, url: `/api/batch/${batch.id}`, payload: { skipInvalid: true } },
      { method: 'GET' as const, url: `/api/workspace/${ana.workspaceId}/batches` },
    ]) {
      const res = await t.app.inject({ ...request, headers: eva.auth });
      expect(res.statusCode, request.url).toBe(404);
    }
  });
});

describe('running a batch', () => {
  it('writes 20 rows to done and charges exactly the words of its rows', async () => {
    const batch = await createdBatch(t.app, ana, {
      csv: productsCsv(20),
      templateId: template.id,
      controls: { length: 'short' },
    });
    const started = await batchAction(t.app, ana, batch.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('running');
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done');
    const rows = await readRows(t.app, ana, batch.id);
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      expect(row.status).toBe('done');
      expect(row.outputs.text!.length).toBeGreaterThan(20);
      expect(row.words).toBeGreaterThan(0);
    }
    const sum = rows.reduce((total, row) => total + row.words, 0);
    expect(done).toMatchObject({ done: 20, failed: 0, wordsCharged: sum });
    expect(done.finishedAt).not.toBeNull();
    expect(await wordsCounted(ana.workspaceId)).toBe(sum);
    // Every row's reservation ended with its charge.
    expect(await t.app.db.select().from(wordReservations)).toEqual([]);
  });

  it("writes each row in the template's parts, within their limits, through the generation pipeline", async () => {
    const ads = await createTemplate(t.app, ana, {
      ...productTemplate,
      name: 'Anuncio',
      output: {
        parts: [
          { key: 'titular', label: 'Titular', maxChars: 30 },
          { key: 'descripcion', label: 'Descripción', maxChars: 90 },
        ],
      },
    });
    const batch = await createdBatch(t.app, ana, { csv: productsCsv(3), templateId: ads.id });
    await batchAction(t.app, ana, batch.id, 'start');
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done');
    const rows = await readRows(t.app, ana, batch.id);
    for (const row of rows) {
      expect(Object.keys(row.outputs).sort()).toEqual(['descripcion', 'titular']);
      expect([...row.outputs.titular!].length).toBeGreaterThan(0);
      expect([...row.outputs.titular!].length).toBeLessThanOrEqual(30);
      expect([...row.outputs.descripcion!].length).toBeLessThanOrEqual(90);
      expect(row.flags).toBeUndefined();
    }
    expect(done.wordsCharged).toBe(rows.reduce((sum, row) => sum + row.words, 0));
  });

  it('mails its creator when a batch that ran over a minute ends, in their language; a short one sends nothing', async () => {
    await setPlan(t.app, ana.workspaceId, 'free');
    const short = await createdBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id });
    await batchAction(t.app, ana, short.id, 'start');
    await waitForBatch(t.app, ana, short.id, (b) => b.status === 'done');
    expect(t.mailer.recent()).toEqual([]);

    const long = await createdBatch(t.app, ana, { csv: productsCsv(6), templateId: template.id });
    await batchAction(t.app, ana, long.id, 'start');
    // As if it had started two minutes ago: it is still writing its first rows.
    await t.app.db
      .update(batches)
      .set({ startedAt: new Date(Date.now() - 2 * BATCH_EMAIL_AFTER_MS) })
      .where(eq(batches.id, long.id));
    await waitForBatch(t.app, ana, long.id, (b) => b.status === 'done');
    await expect.poll(() => t.mailer.recent().length).toBe(1);
    const [mail] = t.mailer.recent();
    expect(mail).toMatchObject({ to: ana.email, subject: 'Tu lote «productos.csv» ha terminado' });
    expect(mail!.text).toContain('Se han escrito 6 de 6 filas.');
    expect(mail!.text).toContain(`${t.config.APP_URL}/batches/${long.id}`);
  });

  it('starts once: a second start is a conflict and queues nothing more', async () => {
    const batch = await createdBatch(t.app, ana, { csv: productsCsv(3), templateId: template.id });
    const [first, second] = await Promise.all([
      batchAction(t.app, ana, batch.id, 'start'),
      batchAction(t.app, ana, batch.id, 'start'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done');
    expect(done.done).toBe(3);
  });

  it('does not start while rows miss a required field, unless they are skipped', async () => {
    const batch = await createdBatch(t.app, ana, {
      csv: 'Producto;Público\r\nZapatillas;Corredores\r\n;Sin producto\r\nMochila;Estudiantes\r\n',
      templateId: template.id,
    });
    const refused = await batchAction(t.app, ana, batch.id, 'start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BATCH_INVALID_ROWS');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch/${batch.id}`,
      headers: ana.auth,
      payload: { skipInvalid: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const started = await batchAction(t.app, ana, batch.id, 'start');
    expect(started.statusCode).toBe(200);
    // Counted as soon as it starts: the time left counts only the rows still to write.
    expect(started.json().skipped).toBe(1);
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done');
    expect(done).toMatchObject({ done: 2, failed: 0, skipped: 1 });
    const [listed] = (
      await t.app.inject({ url: `/api/workspace/${ana.workspaceId}/batches`, headers: ana.auth })
    ).json().batches;
    expect(listed).toMatchObject({ id: batch.id, skipped: 1 });
    expect((await readRows(t.app, ana, batch.id)).map((row) => row.status)).toEqual([
      'done',
      'skipped',
      'done',
    ]);
  });

  it('starts a batch longer than one chunk of rows: every row queued once, a refused row past the first chunk skipped', async () => {
    const rows = 2 * ROW_CHUNK + 3;
    const lines = productsCsv(rows).split('\r\n');
    // Line 1 is the header: the rows at indexes 1 and ROW_CHUNK + 1 miss their product.
    lines[2] = ';Sin producto';
    lines[ROW_CHUNK + 2] = ';Sin producto';
    const batch = await createdBatch(t.app, ana, { csv: lines.join('\r\n'), templateId: template.id });
    expect(batch.invalid.map((problem) => problem.line)).toEqual([3, ROW_CHUNK + 3]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/batch/${batch.id}`,
      headers: ana.auth,
      payload: { skipInvalid: true },
    });
    const started = await batchAction(t.app, ana, batch.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().skipped).toBe(2);
    expect((await batchAction(t.app, ana, batch.id, 'cancel')).statusCode).toBe(200);
    // One job a row to write, whatever became of it since, and none for the skipped rows.
    const jobs = (await t.app.db.execute(
      sql`SELECT (data->>'index')::int AS index FROM pgboss.job WHERE data->>'batchId' = ${batch.id}`,
    )) as unknown as { rows: { index: number }[] };
    const queued = jobs.rows.map((job) => Number(job.index)).sort((a, b) => a - b);
    expect(queued).toHaveLength(rows - 2);
    expect(new Set(queued).size).toBe(rows - 2);
    expect(queued).not.toContain(1);
    expect(queued).not.toContain(ROW_CHUNK + 1);
  });

  it('refuses to start with NO_WORDS_LEFT once the month is used up', async () => {
    await setPlan(t.app, ana.workspaceId, 'free');
    await t.app.db.insert(usageCounters).values({
      workspaceId: ana.workspaceId,
      period: usagePeriod(new Date()),
      wordCount: t.config.FREE_PLAN_WORDS,
    });
    const batch = await createdBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id });
    const res = await batchAction(t.app, ana, batch.id, 'start');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('NO_WORDS_LEFT');
    expect((await readBatch(t.app, ana, batch.id)).status).toBe('draft');
  });

  it('pauses, resumes and cancels: a teammate may do each, and a cancelled batch skips what it had not written', async () => {
    const bea = await createUser(t.app);
    await addMember(t.app, ana.workspaceId, bea.id);
    await setPlan(t.app, ana.workspaceId, 'free');
    const batch = await createdBatch(t.app, ana, { csv: productsCsv(12), templateId: template.id });
    expect((await batchAction(t.app, ana, batch.id, 'start')).statusCode).toBe(200);
    await waitForBatch(t.app, ana, batch.id, (b) => b.done >= 1);
    const paused = await batchAction(t.app, bea, batch.id, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    // Rows being written when it paused end; nothing else starts.
    await waitForNoRowRunning(t.app, ana, batch.id);
    const still = await readBatch(t.app, ana, batch.id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await readBatch(t.app, ana, batch.id)).done).toBe(still.done);
    expect(still.status).toBe('paused');
    expect(still.done).toBeLessThan(12);

    expect((await batchAction(t.app, bea, batch.id, 'resume')).statusCode).toBe(200);
    await waitForBatch(t.app, ana, batch.id, (b) => b.done >= still.done + 1);
    const cancelled = await batchAction(t.app, bea, batch.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const rows = await waitForNoRowRunning(t.app, ana, batch.id);
    const written = rows.filter((row) => row.status === 'done');
    const skipped = rows.filter((row) => row.status === 'skipped').length;
    expect(skipped).toBe(12 - written.length);
    expect(written.length).toBeLessThan(12);
    // The rows still being written when it was cancelled were not skipped: they count as written.
    expect(cancelled.json().skipped).toBe(skipped);
    const final = await readBatch(t.app, ana, batch.id);
    expect(final).toMatchObject({ status: 'cancelled', done: written.length, skipped });
    expect(final.wordsCharged).toBe(written.reduce((sum, row) => sum + row.words, 0));
    expect(await wordsCounted(ana.workspaceId)).toBe(final.wordsCharged);
    expect(await t.app.db.select().from(wordReservations)).toEqual([]);
    expect((await batchAction(t.app, ana, batch.id, 'resume')).statusCode).toBe(409);
  });

  it('edits a cell, writes one row again (charged again), and exports inputs then parts', async () => {
    const batch = await createdBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id });
    await batchAction(t.app, ana, batch.id, 'start');
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch/${batch.id}/row/0`,
      headers: ana.auth,
      payload: { part: 'text', text: '=Zapatillas ligeras, hechas a mano.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      edited: true,
      outputs: { text: '=Zapatillas ligeras, hechas a mano.' },
    });
    const wrongPart = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch/${batch.id}/row/0`,
      headers: ana.auth,
      payload: { part: 'titulo', text: 'x' },
    });
    expect(wrongPart.statusCode).toBe(400);

    const csv = await t.app.inject({ url: `/api/batch/${batch.id}/export?format=csv`, headers: ana.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Producto[;,]Público[;,]text$/);
    expect(lines[1]).toContain("'=Zapatillas ligeras, hechas a mano.");
    const xlsx = await t.app.inject({ url: `/api/batch/${batch.id}/export?format=xlsx`, headers: ana.auth });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/batch/${batch.id}/row/1/regenerate`,
      headers: ana.auth,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('pending');
    const rewritten = await waitForBatch(
      t.app,
      ana,
      batch.id,
      (b) => b.status === 'done' && b.wordsCharged > done.wordsCharged,
    );
    const rows = await readRows(t.app, ana, batch.id);
    expect(rewritten.done).toBe(2);
    expect(rewritten.wordsCharged).toBe(done.wordsCharged + rows[1]!.words);
    expect(await wordsCounted(ana.workspaceId)).toBe(rewritten.wordsCharged);
  });
});
