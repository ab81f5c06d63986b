import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { knowledgePassages, knowledgeSources } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { buildDocx, buildPdf } from '../helpers/knowledge-files.ts';
import { listSources, processed, search, uploadFile } from './knowledge-helpers.ts';

let t: TestApp;
afterEach(async () => {
  await t.app.close();
});

const pdf = buildPdf([
  ['El Plan Pro de Acme cuesta 49 euros al mes e incluye tres asientos.'],
  ['The Acme warranty covers every rocket for five years after delivery.'],
]);
const docx = buildDocx([
  { heading: 'Envíos' },
  { paragraph: 'Enviamos los pedidos a toda España en 24 horas laborables.' },
  { heading: 'Devoluciones', level: 2 },
  { paragraph: 'Las devoluciones son gratuitas durante treinta días.' },
]);

describe('knowledge files', () => {
  it('indexes a PDF by page and a DOCX by heading, and finds their passages in either language', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const res = await uploadFile(t.app, ana, { name: 'precios.pdf', type: 'application/pdf', bytes: pdf });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'precios.pdf', status: 'processing' });
    const fromDocx = await uploadFile(t.app, ana, {
      name: 'envios.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: docx,
    });
    expect(fromDocx.statusCode, fromDocx.body).toBe(201);

    const pdfSource = await processed(t.app, ana, res.json().id);
    expect(pdfSource).toMatchObject({ status: 'ready', failureReason: null, passageCount: 2, kind: 'file' });
    expect(pdfSource.sizeBytes).toBeGreaterThan(pdf.length);
    expect(pdfSource.addedBy).toMatchObject({ id: ana.id, email: ana.email });
    expect((await processed(t.app, ana, fromDocx.json().id)).passageCount).toBe(2);

    const price = (await search(t.app, ana, '¿Cuánto cuesta el plan Pro?')).json();
    expect(price.results[0]).toMatchObject({
      knowledgeId: res.json().id,
      name: 'precios.pdf',
      locator: { page: 1 },
    });
    expect(price.results[0].text).toContain('49 euros');
    const warranty = (await search(t.app, ana, 'How long is the warranty?', 1)).json();
    expect(warranty.results).toEqual([expect.objectContaining({ locator: { page: 2 } })]);
    const returns = (await search(t.app, ana, 'devolución gratuita')).json();
    expect(returns.results[0]).toMatchObject({ locator: { headings: ['Envíos', 'Devoluciones'] } });
  });

  it('parses source after source in the same thread, and ends it when the app closes', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const threads = t.app.knowledge.parseThreads;
    const first = await uploadFile(t.app, ana, { name: 'precios.pdf', type: 'application/pdf', bytes: pdf });
    expect(await processed(t.app, ana, first.json().id)).toMatchObject({ status: 'ready' });
    const parsing = threads.threadIds;
    expect(parsing).toHaveLength(1);
    const second = await uploadFile(t.app, ana, {
      name: 'envios.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: docx,
    });
    expect(await processed(t.app, ana, second.json().id)).toMatchObject({ status: 'ready' });
    expect(threads.threadIds).toEqual(parsing);
    await t.app.close();
    expect(threads.threadIds).toEqual([]);
  });

  it('fails a PDF without text as NO_TEXT_FOUND and refuses files of other types', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const scan = await uploadFile(t.app, ana, {
      name: 'scan.pdf',
      type: 'application/pdf',
      bytes: buildPdf([[], []]),
    });
    expect(scan.statusCode).toBe(201);
    expect(await processed(t.app, ana, scan.json().id)).toMatchObject({
      status: 'failed',
      failureReason: 'NO_TEXT_FOUND',
      passageCount: 0,
    });
    const image = await uploadFile(t.app, ana, {
      name: 'logo.png',
      type: 'image/png',
      bytes: Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    });
    expect(image.statusCode).toBe(415);
    expect(image.json().error.code).toBe('KNOWLEDGE_FILE_UNSUPPORTED');
  });

  it('ranks the passages of every ready source together, and never those of a source still processing', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const txt = (text: string) => ({
      name: `${text.slice(0, 8)}.txt`,
      type: 'text/plain',
      bytes: Buffer.from(text),
    });
    const ids: string[] = [];
    for (const text of [
      'Las baterías de Acme tienen cinco años de garantía.',
      'La garantía de las baterías cubre también el cargador.',
      'Acme abrió su tienda de Bilbao en 2019.',
    ]) {
      const res = await uploadFile(t.app, ana, txt(text));
      ids.push(res.json().id as string);
      await processed(t.app, ana, res.json().id as string);
    }
    const found = (await search(t.app, ana, '¿Cuántos años de garantía tienen las baterías?', 5)).json()
      .results as { knowledgeId: string; score: number }[];
    expect(found.map((result) => result.knowledgeId)).toEqual([ids[0], ids[1]]);
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score);

    // A source being processed again keeps its passages, but they are not searched until it is ready.
    await t.app.db
      .update(knowledgeSources)
      .set({ status: 'processing' })
      .where(eq(knowledgeSources.id, ids[0]!));
    const meanwhile = (await search(t.app, ana, '¿Cuántos años de garantía tienen las baterías?', 5)).json()
      .results as { knowledgeId: string }[];
    expect(meanwhile.map((result) => result.knowledgeId)).toEqual([ids[1]]);
  });

  it('keeps each workspace to its own knowledge, and deleting removes the passages', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const bea = await createUser(t.app);
    const res = await uploadFile(t.app, ana, { name: 'precios.pdf', type: 'application/pdf', bytes: pdf });
    const id = res.json().id as string;
    await processed(t.app, ana, id);

    expect((await search(t.app, bea, 'plan Pro', 5)).json().results).toEqual([]);
    expect((await search(t.app, bea, 'plan Pro', 5, ana.workspaceId)).statusCode).toBe(404);
    expect(
      (
        await uploadFile(
          t.app,
          bea,
          { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('hola') },
          ana.workspaceId,
        )
      ).statusCode,
    ).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${ana.workspaceId}/knowledge`,
      headers: bea.auth,
    });
    expect(list.statusCode).toBe(404);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/knowledge/${id}`, headers: bea.auth });
    expect(foreign.statusCode).toBe(404);

    await addMember(t.app, ana.workspaceId, bea.id);
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/knowledge/${id}`,
      headers: bea.auth,
    });
    expect(notTheirs.statusCode).toBe(403);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/knowledge/${id}`, headers: ana.auth });
    expect(deleted.statusCode).toBe(204);
    expect((await listSources(t.app, ana)).sources).toEqual([]);
    expect(
      await t.app.db.select().from(knowledgePassages).where(eq(knowledgePassages.knowledgeId, id)),
    ).toEqual([]);
    expect((await search(t.app, ana, 'plan Pro')).json().results).toEqual([]);
  });
});
