import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const webIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html');

let t: TestApp | undefined;
let distDir: string | undefined;
afterEach(async () => {
  await t?.app.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

/** The directives of a CSP header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

it('serves the web app under a policy that runs only its own script files: no inline script, handler attribute or eval', async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'redacta-csp-'));
  writeFileSync(path.join(distDir, 'index.html'), readFileSync(webIndex, 'utf8'));
  t = await createTestApp({ WEB_DIST_DIR: distDir });

  for (const url of ['/', '/chat', '/login']) {
    const page = await t.app.inject(url);
    expect(page.statusCode, url).toBe(200);
    const policy = directives(String(page.headers['content-security-policy']));
    expect(policy.get('script-src'), url).toEqual(["'self'"]);
    expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
    expect(policy.get('object-src'), url).toEqual(["'none'"]);
    expect(policy.get('base-uri'), url).toEqual(["'self'"]);
    expect(policy.get('default-src'), url).toEqual(["'self'"]);
  }
  // The API's browsable docs (Swagger UI) set a policy of their own: scripts from files there too.
  const docs = await t.app.inject('/api/docs/');
  expect(docs.statusCode).toBe(200);
  const docsPolicy = directives(String(docs.headers['content-security-policy']));
  expect(docsPolicy.get('script-src')).toEqual(["'self'"]);
}, 120_000);

it('the page the web build starts from loads every script from a file, so it runs under that policy', () => {
  const html = readFileSync(webIndex, 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/\bsrc="\/[^/]/);
    expect(body!.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);
});
