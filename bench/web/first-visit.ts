/**
 * What a first visit downloads and how Lighthouse rates the pages. The JavaScript and CSS a page
 * fetches until the network is quiet (its route's lazy screen included, the editor and export chunks
 * fetched later on demand not; the chat's live conversation, open as long as the page is, does not
 * keep it busy), on the wire as Chromium received it and as gzip; of that JavaScript,
 * what the page loads before any lazy chunk (the build manifest's static imports of the entry and of
 * the page's screens); and Lighthouse's performance, accessibility, best-practices and SEO scores with
 * the desktop and mobile presets.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Browser, Page, Request } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './browser.ts';
import { repoRoot, type SessionCookie } from './server.ts';

export interface AssetFigures {
  page: string;
  files: {
    url: string;
    type: 'script' | 'stylesheet';
    wireBytes: number;
    gzipBytes: number;
    bytes: number;
    /** A script the page reaches only through a dynamic `import()` (see `beforeLazyJs`). */
    lazy: boolean;
  }[];
  js: { wireBytes: number; gzipBytes: number; bytes: number };
  /** The scripts index.html names (entry and module preloads): what every page loads before any lazy chunk. */
  entryJs: { wireBytes: number; gzipBytes: number; bytes: number };
  /**
   * The page's JavaScript before lazy chunks: the scripts index.html names, the static imports of its
   * entry and of the page's screens, recursively (from the build manifest). What else it fetched was
   * reached only through a dynamic `import()`.
   */
  beforeLazyJs: { wireBytes: number; gzipBytes: number; bytes: number };
  css: { wireBytes: number; gzipBytes: number; bytes: number };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The served web build's manifest (`build.manifest` in apps/web/vite.config.ts): chunks by source
 * module. The build BENCH_WEB_DIST_DIR names when set (server.ts serves it), else apps/web/dist.
 */
function readManifest(): Record<string, ManifestChunk> {
  const dist = process.env.BENCH_WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist');
  const file = path.join(dist, '.vite/manifest.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * Requests that stay open as long as the page does, by design: the chat's live conversation (the
 * project's replies as they happen). The collaboration WebSocket is not a request here.
 */
const longLived = (url: string) => /\/api\/project\/[^/]+\/conversation\/live(\?|$)/.test(url);

/**
 * Follows the page's requests from now on; `quiet()` resolves once none but the long-lived ones has
 * been in flight for `quietMs` (Playwright's `networkidle` never comes while the live conversation is
 * open). `stop()` stops following.
 */
function followRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = performance.now();
  const started = (request: Request) => {
    if (longLived(request.url())) return;
    inFlight.add(request);
    lastChange = performance.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(quietMs = 1_000, timeoutMs = 30_000) {
      const deadline = performance.now() + timeoutMs;
      while (inFlight.size > 0 || performance.now() - lastChange < quietMs) {
        if (performance.now() > deadline)
          throw new Error(
            `the network never went quiet: ${[...inFlight].map((request) => request.url()).join(', ')}`,
          );
        await page.waitForTimeout(50);
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** The URLs of the chunks of `sources` and of everything they import statically, recursively. */
function staticClosure(manifest: Record<string, ManifestChunk>, sources: string[]): Set<string> {
  const urls = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`);
    urls.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return urls;
}

/** The size of a file as the server sends it to a client accepting only `encoding`. */
function sizeWith(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * `screens`: the source modules (as the build manifest names them, e.g.
 * `src/features/chat/pages/chat-page.tsx`) the page's route renders besides the entry.
 */
export async function measureAssets(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  screens: string[],
  cookie?: SessionCookie,
  viewport = { width: 1280, height: 800 },
): Promise<AssetFigures> {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  if (cookie) await context.addCookies([{ ...cookie, domain: '127.0.0.1', httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map<string, { url: string; type: 'script' | 'stylesheet' }>();
  const wire = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    const type = event.type === 'Script' ? 'script' : event.type === 'Stylesheet' ? 'stylesheet' : null;
    if (type && event.response.url.startsWith(baseUrl))
      requests.set(event.requestId, { url: event.response.url, type });
  });
  cdp.on('Network.loadingFinished', (event) => wire.set(event.requestId, event.encodedDataLength));
  const network = followRequests(page);
  await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
  await network.quiet();
  network.stop();
  await context.close();

  const html = await (await fetch(`${baseUrl}${pagePath}`)).text();
  const named = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]!));
  const beforeLazy = new Set([...named, ...staticClosure(readManifest(), ['index.html', ...screens])]);
  const files: AssetFigures['files'] = [];
  for (const [id, { url, type }] of requests) {
    const pathname = url.slice(baseUrl.length);
    files.push({
      url: pathname,
      type,
      wireBytes: wire.get(id) ?? 0,
      gzipBytes: await sizeWith(url, 'gzip'),
      bytes: await sizeWith(url, 'identity'),
      lazy: type === 'script' && !beforeLazy.has(pathname),
    });
  }
  const missed = [...beforeLazy].filter((url) => !files.some((file) => file.url === url));
  if (missed.length > 0)
    throw new Error(`${pagePath} did not fetch ${missed.join(', ')}: is the build stale?`);
  const total = (type: 'script' | 'stylesheet', of: (url: string) => boolean = () => true) => {
    const counted = files.filter((file) => file.type === type && of(file.url));
    const sum = (key: 'wireBytes' | 'gzipBytes' | 'bytes') =>
      counted.reduce((acc, file) => acc + file[key], 0);
    return { wireBytes: sum('wireBytes'), gzipBytes: sum('gzipBytes'), bytes: sum('bytes') };
  };
  return {
    page: pagePath,
    files,
    js: total('script'),
    entryJs: total('script', (url) => named.has(url)),
    beforeLazyJs: total('script', (url) => beforeLazy.has(url)),
    css: total('stylesheet'),
  };
}

export interface LighthouseFigures {
  page: string;
  preset: 'desktop' | 'mobile';
  scores: Record<string, number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  /** The largest paint's element (its HTML snippet) and where its time went (TTFB, load delay, …). */
  lcp: { element: string; phases: Record<string, number> };
}

interface LcpElementDetails {
  items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[];
}

/** The element behind the largest paint and its phases, from the audit of the same name. */
function lcpOf(details: LcpElementDetails | undefined): LighthouseFigures['lcp'] {
  const [elementTable, phaseTable] = details?.items ?? [];
  const phases = Object.fromEntries(
    (phaseTable?.items ?? []).map(({ phase, timing }) => [phase ?? '?', Math.round(timing ?? NaN)]),
  );
  return { element: elementTable?.items?.[0]?.node?.snippet ?? 'none', phases };
}

/** A Chromium of its own for Lighthouse, which drives it over a DevTools port. */
async function launchForLighthouse() {
  const profile = mkdtempSync(path.join(tmpdir(), 'redacta-bench-lighthouse-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      ...chromiumArgs,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port:\n${output}`)), 30_000);
    child.stderr.on('data', (data: Buffer) => {
      output += data.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still be writing to its cache for a moment after it exits;
      // one still at it past the retries leaves a folder in the temp directory, not a failed run.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        process.stderr.write(`Left Chromium's profile behind: ${profile}\n`);
      }
    },
  };
}

export async function runLighthouse(
  url: string,
  pagePath: string,
  preset: 'desktop' | 'mobile',
  cookie?: SessionCookie,
): Promise<LighthouseFigures> {
  const chrome = await launchForLighthouse();
  try {
    const result = await lighthouse(
      `${url}${pagePath}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // A signed-in page: the session's refresh cookie goes with every request of the run.
        extraHeaders: cookie ? { Cookie: `${cookie.name}=${cookie.value}` } : undefined,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // BENCH_LIGHTHOUSE_DIR=<dir> keeps each full report (request chains, main-thread tasks) to read.
    const keepIn = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keepIn) {
      mkdirSync(keepIn, { recursive: true });
      const name = `${pagePath.replace(/\W+/g, '') || 'root'}-${preset}.json`;
      writeFileSync(path.join(keepIn, name), JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    );
    const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      page: pagePath,
      preset,
      scores,
      metrics: {
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
      },
      lcp: lcpOf(lhr.audits['largest-contentful-paint-element']?.details as LcpElementDetails | undefined),
    };
  } finally {
    await chrome.close();
  }
}
