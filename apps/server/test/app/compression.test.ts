import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject } from '../chat/chat-helpers.ts';

const require = createRequire(import.meta.url);
const scriptName = 'index-B9xq3LdT.js';

let distDir: string;
let builtScript: Buffer;
let builtIndex: Buffer;

// A dist laid out as the web build leaves it, compressed by the build's own step.
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'redacta-compression-'));
  mkdirSync(path.join(distDir, 'assets'));
  // A real minified bundle of some hundred kilobytes stands for the app's entry script.
  const reactDom = path.dirname(require.resolve('react-dom/package.json'));
  copyFileSync(
    path.join(reactDom, 'cjs/react-dom-client.production.js'),
    path.join(distDir, 'assets', scriptName),
  );
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><html lang="es"><head><meta charset="UTF-8" /><title>Redacta</title>` +
      `<script type="module" crossorigin src="/assets/${scriptName}"></script></head>` +
      `<body>${'<div id="root"></div>'.repeat(80)}</body></html>`,
  );
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDirectory(distDir);
  builtScript = readFileSync(path.join(distDir, 'assets', scriptName));
  builtIndex = readFileSync(path.join(distDir, 'index.html'));
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

let t: TestApp | undefined;
let peer: OpenAIPeer | undefined;
afterEach(async () => {
  t?.app.server.closeAllConnections();
  await t?.app.close();
  await peer?.close();
  t = undefined;
  peer = undefined;
});

const varies = (header: unknown) =>
  String(header)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the built web app', () => {
  it('sends the brotli copy to a browser that accepts it, the same bytes as the built file once decoded', async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir });
    const res = await t.app.inject({
      url: `/assets/${scriptName}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(builtScript.length / 3);
    expect(brotliDecompressSync(res.rawPayload).equals(builtScript)).toBe(true);
  });

  it('sends gzip to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir });
    const gzipped = await t.app.inject({
      url: `/assets/${scriptName}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(varies(gzipped.headers.vary)).toBe(true);
    expect(gunzipSync(gzipped.rawPayload).equals(builtScript)).toBe(true);

    for (const acceptEncoding of ['identity', undefined]) {
      const plain = await t.app.inject({
        url: `/assets/${scriptName}`,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // A shared cache must not hand this plain copy to a browser that accepts brotli.
      expect(varies(plain.headers.vary)).toBe(true);
      expect(plain.rawPayload.equals(builtScript)).toBe(true);
    }
  });

  it('sends index.html compressed for every client route, and never lets a cache keep it unchecked', async () => {
    t = await createTestApp({ WEB_DIST_DIR: distDir });
    for (const url of ['/', '/login', '/chat']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(varies(res.headers.vary), url).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).equals(builtIndex), url).toBe(true);
    }
    // A file too small to gain from compression has no copy and is sent as it is.
    const icon = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer for a client that accepts it, and leaves a small one alone', async () => {
    t = await createTestApp();
    const user = await createUser(t.app);
    const projectId = await createProject(t.app, user.workspaceId, user.id);

    // The prompt library (the built-in prompts) is tens of kilobytes of JSON.
    const library = await t.app.inject({
      url: `/api/prompt/by-workspace/${user.workspaceId}`,
      headers: { ...user.auth, 'accept-encoding': 'br, gzip' },
    });
    expect(library.statusCode).toBe(200);
    expect(library.headers['content-encoding']).toBe('br');
    expect(varies(library.headers.vary)).toBe(true);
    const decoded = brotliDecompressSync(library.rawPayload);
    expect(library.rawPayload.length).toBeLessThan(decoded.length / 2);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(
      (
        await t.app.inject({ url: `/api/prompt/by-workspace/${user.workspaceId}`, headers: user.auth })
      ).json(),
    );

    const gzipOnly = await t.app.inject({
      url: `/api/prompt/by-workspace/${user.workspaceId}`,
      headers: { ...user.auth, 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString('utf8'))).toEqual(
      JSON.parse(decoded.toString('utf8')),
    );

    const project = await t.app.inject({
      url: `/api/project/${projectId}`,
      headers: { ...user.auth, 'accept-encoding': 'br, gzip' },
    });
    expect(project.statusCode).toBe(200);
    expect(project.rawPayload.length).toBeLessThan(1024);
    expect(project.headers['content-encoding']).toBeUndefined();
    expect(project.json()).toMatchObject({ id: projectId });
  });

  it('streams a chat reply uncompressed and part by part to a client that accepts compression', async () => {
    const chunks = ['Zapatillas', ' ligeras', ' para', ' correr', ' lejos', ' cada', ' mañana.'];
    peer = await startOpenAIPeer({ chunks, delayMs: 60 });
    t = await createTestApp(peerAppEnv(peer, { AI_IDLE_TIMEOUT_MS: '2000' }));
    const base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const user = await createUser(t.app);
    const projectId = await createProject(t.app, user.workspaceId, user.id);

    const body = JSON.stringify({ workspaceId: user.workspaceId, projectId, message: 'Escribe un anuncio' });
    const received = await new Promise<{
      headers: Record<string, unknown>;
      reads: { text: string; sentByPeer: number }[];
    }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          path: '/api/chat/send-request-stream',
          method: 'POST',
          headers: {
            ...user.auth,
            'content-type': 'application/json',
            'accept-encoding': 'br, gzip',
          },
        },
        (res) => {
          const reads: { text: string; sentByPeer: number }[] = [];
          // Each network read, with how many model chunks the peer had sent when it arrived.
          res.on('data', (data: Buffer) =>
            reads.push({ text: data.toString('utf8'), sentByPeer: peer!.requests[0]?.chunksSent ?? 0 }),
          );
          res.on('end', () => resolve({ headers: res.headers, reads }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });

    expect(received.headers['content-encoding']).toBeUndefined();
    expect(received.headers['content-type']).toMatch(/^application\/x-ndjson/);
    // The reply's words were readable as plain NDJSON while the model was still writing.
    const early = received.reads.filter((read) => read.sentByPeer < chunks.length);
    expect(received.reads.length).toBeGreaterThan(1);
    expect(early.length).toBeGreaterThan(0);
    expect(early.map((read) => read.text).join('')).toContain('"type":"text"');
    const parts = received.reads
      .map((read) => read.text)
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; text?: string });
    expect(
      parts
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join(''),
    ).toBe(chunks.join(''));
    expect(parts.at(-1)?.type).toBe('finish');
  });
});
