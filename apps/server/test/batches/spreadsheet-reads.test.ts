import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { batches } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { createTemplate, productsCsv, uploadBatch } from './batch-helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

/**
 * Holds one of the app's spreadsheet reads, as a file another upload is reading would: the slot is
 * taken when this resolves and given back by `release`.
 */
async function holdRead(app: TestApp['app']) {
  let release!: () => void;
  let taken!: () => void;
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const held = app.spreadsheetReads.run(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        taken();
      }),
    () => new Error('no slot'),
  );
  await isTaken;
  return { release: async () => (release(), await held) };
}

async function waitUntil(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('spreadsheet reads at once', () => {
  it('lets uploads past the cap wait their turn, one read at a time, and answers each', async () => {
    t = await createTestApp({ SPREADSHEET_READS_AT_ONCE: '1', SPREADSHEET_READ_WAIT_MS: '600000' });
    const ana = await createUser(t.app);
    const template = await createTemplate(t.app, ana);
    const other = await holdRead(t.app);
    const uploads = [3, 4, 5].map((rows) =>
      uploadBatch(t!.app, ana, { csv: productsCsv(rows), templateId: template.id }),
    );
    // All three have their file and wait for the one read there is; none has been answered.
    await waitUntil(() => t!.app.spreadsheetReads.waiting === 3);
    let answered = 0;
    for (const upload of uploads) void upload.then(() => (answered += 1));
    expect(t.app.spreadsheetReads.active).toBe(1);
    expect(answered).toBe(0);

    await other.release();
    const answers = await Promise.all(uploads);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((res) => res.json().total)).toEqual([3, 4, 5]);
    expect(t.app.spreadsheetReads.active).toBe(0);
    expect(t.app.spreadsheetReads.waiting).toBe(0);
  });

  it('answers 429 with a Retry-After, in our error shape and storing nothing, once the wait is over', async () => {
    t = await createTestApp({ SPREADSHEET_READS_AT_ONCE: '1', SPREADSHEET_READ_WAIT_MS: '200' });
    const ana = await createUser(t.app);
    const template = await createTemplate(t.app, ana);
    const other = await holdRead(t.app);
    const [first, second] = await Promise.all([
      uploadBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id }),
      uploadBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id }),
    ]);
    for (const res of [first!, second!]) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    }
    expect(t.app.spreadsheetReads.waiting).toBe(0);
    expect(await t.app.db.select().from(batches).where(eq(batches.workspaceId, ana.workspaceId))).toEqual([]);

    await other.release();
    const again = await uploadBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id });
    expect(again.statusCode, again.body).toBe(201);
  });
});
