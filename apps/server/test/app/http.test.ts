import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'redacta-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  return dir;
}

describe('health', () => {
  it('answers /healthz and /readyz with the database kind', async () => {
    t = await createTestApp();
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });
});

describe('errors and request ids', () => {
  it('answers unknown API routes with 404 in the error shape and echoes a request id', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { 'x-request-id': 'req-123' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.any(String), requestId: 'req-123' },
    });
  });

  it('rejects an expired or forged bearer token with 401', async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      url: '/api/workspace/list',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only the app’s own scripts and API calls', async () => {
    t = await createTestApp();
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  it('documents the API routes with their schemas', async () => {
    t = await createTestApp();
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/workspace/list']).toBeDefined();
    expect(doc.paths['/api/workspace/rename/{id}'].patch.requestBody).toBeDefined();
    const docs = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(docs.statusCode);
  });
});

describe('web app serving', () => {
  it('serves hashed assets for a year, index.html uncached, and client routes from index.html', async () => {
    t = await createTestApp({ WEB_DIST_DIR: fakeWebDist() });
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A script is never a document: nosniff, but none of the headers that only govern documents.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();

    for (const route of ['/chat', '/projects?id=1', '/brand-voice/new', '/invite/existing/abc']) {
      const page = await t.app.inject(route);
      expect(page.statusCode, route).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy'], route).toContain("frame-ancestors 'none'");
    }
    expect((await t.app.inject('/missing.js')).statusCode).toBe(404);
    expect((await t.app.inject('/api/unknown')).headers['content-type']).toContain('application/json');
  });
});

describe('dev mailbox', () => {
  it('shows the mails the dev transport kept, escaped', async () => {
    t = await createTestApp();
    await t.mailer.send({ to: 'a@example.com', subject: 'Tu código <b>', text: 'Código: 123456', html: '' });
    const res = await t.app.inject('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Código: 123456');
    expect(res.body).toContain('Tu código &lt;b&gt;');
  });

  it('answers only requests from this machine: 404 to any other address, behind a proxy or not', async () => {
    t = await createTestApp();
    const from = async (remoteAddress: string, forwardedFor?: string) =>
      (
        await t!.app.inject({
          url: '/dev/mailbox',
          remoteAddress,
          headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        })
      ).statusCode;
    for (const local of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(await from(local), local).toBe(200);
    for (const remote of ['203.0.113.7', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1', '128.0.0.1']) {
      const res = await t.app.inject({ url: '/dev/mailbox', remoteAddress: remote });
      expect(res.statusCode, remote).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(res.body).not.toContain('Dev mailbox');
    }
    // Without TRUST_PROXY the header is not believed: a remote caller claiming to be local stays remote.
    expect(await from('203.0.113.7', '127.0.0.1')).toBe(404);

    await t.app.close();
    t = await createTestApp({ TRUST_PROXY: 'true' });
    // Behind a proxy on this machine, the client it speaks for decides.
    expect(await from('127.0.0.1', '203.0.113.7')).toBe(404);
    expect(await from('127.0.0.1', '127.0.0.1')).toBe(200);
    expect(await from('203.0.113.7', '127.0.0.1')).toBe(404);
  });

  it('does not exist in production', async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://x.example',
    });
    expect((await t.app.inject('/dev/mailbox')).statusCode).toBe(404);
  });
});
