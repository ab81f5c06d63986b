import { expect } from 'vitest';
import type { Batch, BatchRow, CreatedBatch, Template } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import type { TestUser } from '../helpers/factories.ts';

/** A workspace template with one required field and no parts: each row's answer is its `text`. */
export const productTemplate = {
  name: 'Descripción de producto',
  description: '',
  language: 'es',
  prompt: 'Describe el producto {{producto}} para la tienda en línea, en pocas frases.',
  fields: [
    { key: 'producto', label: 'Producto', type: 'text', required: true },
    { key: 'publico', label: 'Público', type: 'text', required: false },
  ],
};

export async function createTemplate(
  app: App,
  user: TestUser,
  body: Record<string, unknown> = productTemplate,
): Promise<Template> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/workspace/${user.workspaceId}/templates`,
    headers: user.auth,
    payload: { id: crypto.randomUUID(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A CSV of `rows` products: a header line, then one line each. */
export function productsCsv(rows: number, header = 'Producto;Público'): string {
  const lines = [header];
  for (let i = 1; i <= rows; i++) lines.push(`Producto ${i};Tiendas de barrio`);
  return `${lines.join('\r\n')}\r\n`;
}

/** `POST /workspace/{id}/batches` with a multipart body, as a browser's FormData sends it. */
export async function uploadBatch(
  app: App,
  user: TestUser,
  fields: { csv: string; fileName?: string; templateId: string; mapping?: unknown; controls?: unknown },
  workspaceId = user.workspaceId,
) {
  const form = new FormData();
  form.set('templateId', fields.templateId);
  if (fields.mapping !== undefined) form.set('mapping', JSON.stringify(fields.mapping));
  if (fields.controls !== undefined) form.set('controls', JSON.stringify(fields.controls));
  form.set('file', new Blob([fields.csv], { type: 'text/csv' }), fields.fileName ?? 'productos.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/batches`,
    headers: { ...user.auth, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

export async function createdBatch(
  app: App,
  user: TestUser,
  fields: Parameters<typeof uploadBatch>[2],
): Promise<CreatedBatch> {
  const res = await uploadBatch(app, user, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function batchAction(app: App, user: TestUser, id: string, action: string) {
  return app.inject({ method: 'POST', url: `/api/batch/${id}/${action}`, headers: user.auth });
}

export async function readBatch(app: App, user: TestUser, id: string): Promise<Batch> {
  const res = await app.inject({ url: `/api/batch/${id}`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function readRows(app: App, user: TestUser, id: string, limit = 200): Promise<BatchRow[]> {
  const res = await app.inject({ url: `/api/batch/${id}/rows?limit=${limit}`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

/** Reads the rows until none is being written: those a pause or a cancel let end have ended. */
export async function waitForNoRowRunning(app: App, user: TestUser, id: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await readRows(app, user, id);
    if (!rows.some((row) => row.status === 'running')) return rows;
    if (Date.now() > until) throw new Error(`A row was still being written: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads the batch until `done` says it is where the test waits for it (polling, as the web does). */
export async function waitForBatch(
  app: App,
  user: TestUser,
  id: string,
  done: (batch: Batch) => boolean,
  timeoutMs = 30_000,
): Promise<Batch> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const batch = await readBatch(app, user, id);
    if (done(batch)) return batch;
    if (Date.now() > until) throw new Error(`The batch did not get there in time: ${JSON.stringify(batch)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
