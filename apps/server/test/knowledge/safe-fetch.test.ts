import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedAddress } from '../../src/lib/outbound/address.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { addUrl, processed, search } from './knowledge-helpers.ts';

const article = `<!doctype html><html><head><title>Acme rockets</title></head><body>
<nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
<article><h1>About Acme</h1>
<p>Acme was founded in Seville in 1999 and builds reusable rockets for small satellite operators.</p>
<h2>Launch prices</h2>
<p>A dedicated launch to low Earth orbit costs 1.2 million euros, payload integration included.</p>
<p>Every launch includes a telemetry report delivered within forty-eight hours of separation.</p>
</article><footer>© Acme</footer></body></html>`;

let site: Server;
let origin: string;
beforeAll(async () => {
  site = createServer((req, res) => {
    switch (req.url) {
      case '/about.html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
        return;
      case '/moved':
        res.writeHead(301, { location: '/about.html' }).end();
        return;
      case '/to-private':
        res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
        return;
      case '/to-metadata':
        res.writeHead(307, { location: 'http://[::ffff:169.254.169.254]/latest/meta-data/' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/html' });
        // No Content-Length: the limit must hold while reading.
        for (let i = 0; i < 50; i += 1) res.write(`<p>${'x'.repeat(1000)}</p>`);
        res.end();
        return;
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>');
        return;
      default:
        res.writeHead(404).end('not here');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

let t: TestApp;
afterEach(async () => {
  await t.app.close();
});

const local = {
  OUTBOUND_ALLOW_LOOPBACK: 'true',
  KNOWLEDGE_FETCH_MAX_BYTES: '20000',
  KNOWLEDGE_FETCH_TIMEOUT_MS: '1000',
};

async function fetched(path: string, env: Record<string, string> = local) {
  t = await createTestApp(env);
  const ana = await createUser(t.app);
  const res = await addUrl(t.app, ana, `${origin}${path}`);
  expect(res.statusCode, res.body).toBe(201);
  return { ana, source: await processed(t.app, ana, res.json().id) };
}

describe('web pages as knowledge', () => {
  it("reads a page's article after a redirect, named by its title, and finds it", async () => {
    const { ana, source } = await fetched('/moved');
    expect(source).toMatchObject({
      status: 'ready',
      kind: 'url',
      name: 'Acme rockets',
      url: `${origin}/moved`,
    });
    const results = (await search(t.app, ana, 'How much does a launch cost?')).json().results;
    expect(results[0].locator.headings).toContain('Launch prices');
    expect(results[0].text).toContain('1.2 million euros');
    expect(results.some((r: { text: string }) => r.text.includes('Home'))).toBe(false);
  });

  it.each([
    ['/to-private', 'ADDRESS_NOT_ALLOWED'],
    ['/to-metadata', 'ADDRESS_NOT_ALLOWED'],
    ['/loop', 'TOO_MANY_REDIRECTS'],
    ['/big', 'TOO_LARGE'],
    ['/slow', 'TIMEOUT'],
    ['/missing', 'FETCH_FAILED'],
  ])('fails %s with %s', async (path, reason) => {
    const { source } = await fetched(path);
    expect(source).toMatchObject({ status: 'failed', failureReason: reason, passageCount: 0 });
  });

  it('refuses loopback addresses unless allowed, and addresses that are not http(s)', async () => {
    const { ana, source } = await fetched('/about.html', {});
    expect(source).toMatchObject({ status: 'failed', failureReason: 'ADDRESS_NOT_ALLOWED' });
    const ftp = await addUrl(t.app, ana, 'ftp://example.com/file.txt');
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('isAllowedAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.5', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:a9fe:a9fe', false],
    ['64:ff9b::a00:1', false],
    ['2002:c0a8:101::1', false],
    ['8.8.8.8', true],
    ['151.101.1.69', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
  ])('%s → %s', (address, allowed) => {
    expect(isAllowedAddress(address, false)).toBe(allowed);
  });

  it('lets loopback through only when allowed, and nothing else private', () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
  });
});
