import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { KnowledgeSource } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import type { TestUser } from '../helpers/factories.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(field: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = `----redacta${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadFile(
  app: App,
  user: TestUser,
  file: { name: string; type: string; bytes: Buffer },
  workspaceId = user.workspaceId,
) {
  const body = multipartFile('file', file.name, file.type, file.bytes);
  return app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/knowledge`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

export function addUrl(app: App, user: TestUser, url: string, workspaceId = user.workspaceId) {
  return app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/knowledge/url`,
    headers: user.auth,
    payload: { url },
  });
}

export async function listSources(app: App, user: TestUser, workspaceId = user.workspaceId) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/workspace/${workspaceId}/knowledge`,
    headers: user.auth,
  });
  return res.json() as { sources: KnowledgeSource[]; reindexing: boolean };
}

/** The source once its background processing is over. */
export async function processed(app: App, user: TestUser, id: string): Promise<KnowledgeSource> {
  await app.knowledge.whenIdle();
  const { sources } = await listSources(app, user);
  const source = sources.find((s) => s.id === id);
  if (!source) throw new Error(`source ${id} is not listed`);
  return source;
}

export function search(app: App, user: TestUser, q: string, limit?: number, workspaceId = user.workspaceId) {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  return app.inject({
    method: 'GET',
    url: `/api/workspace/${workspaceId}/knowledge/search?${query}`,
    headers: user.auth,
  });
}

/** A text file in the user's knowledge, uploaded and processed: the source, ready to be cited. */
export async function addReadyFile(
  app: App,
  user: TestUser,
  file: { name: string; type: string; text: string },
) {
  const upload = await uploadFile(app, user, {
    name: file.name,
    type: file.type,
    bytes: Buffer.from(file.text),
  });
  const source = await processed(app, user, upload.json().id);
  expect(source.status).toBe('ready');
  return source;
}

/** Acme's guide, a price and a delivery time under their headings, ready in the user's knowledge. */
export function addAcmeGuide(app: App, user: TestUser) {
  const text = [
    '# Precios',
    'El Plan Pro de Acme cuesta 49 euros al mes e incluye tres asientos.',
    '# Envíos',
    'Enviamos los pedidos a toda España en 24 horas laborables.',
  ].join('\n');
  return addReadyFile(app, user, { name: 'guia.md', type: 'text/markdown', text });
}
