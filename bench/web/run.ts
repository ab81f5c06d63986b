/**
 * `npm run bench:web`: the web app in Chromium against its goals (a benchmark, not a test: it prints
 * pass/fail per target and exits 0 either way). It seeds a fresh PGlite, starts the server the way
 * `npm start` does in production mode, and measures:
 *
 *   conversation   a project of N entries at 390 × 844 (N = 300, 1,000, 3,000; BENCH_SIZES=300,1000 to
 *                  choose): last reply on screen, DOM nodes, JS heap, fps scrolling to the top
 *   first visit    JS and CSS /login and /chat download (on the wire and as gzip), and the JS before
 *                  lazy chunks
 *   Lighthouse     /login and /chat, desktop and mobile presets (BENCH_LIGHTHOUSE=0 skips it)
 *   lists          5,000 projects and 1,000 custom prompts in a workspace: API answers and pages
 *
 * BENCH_ONLY=conversation,lists runs some parts only; BENCH_JSON=<file> also writes every figure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from './browser.ts';
import { measureConversation, type ChatFigures } from './chat.ts';
import { measureAssets, runLighthouse, type AssetFigures, type LighthouseFigures } from './first-visit.ts';
import { measureListApis, measureListPages } from './lists.ts';
import { seed } from './seed.ts';
import { startBenchServer } from './server.ts';

const print = (line = '') => process.stdout.write(`${line}\n`);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const sizes = (process.env.BENCH_SIZES ?? '300,1000,3000').split(',').map(Number);
const only = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => !only || only.includes(part);

const targets = { lastReplyMs: 1000, domNodes: 3000, heapMb: 40, fps: 55, flatWithin: 0.2 };

function reportConversation(figures: ChatFigures[]) {
  print('\nConversation at 390 × 844 (Chromium, production build)');
  print(
    'entries | last reply on screen | DOM nodes | JS heap  | scroll fps (frames, >25 ms, worst, s, px, top reached)',
  );
  for (const f of figures) {
    const s = f.scroll;
    print(
      `${String(f.entries).padStart(7)} | ${`${f.lastReplyOnScreenMs} ms`.padStart(20)} | ${String(f.domNodes).padStart(9)} | ${`${f.heapMb} MB`.padStart(8)} | ` +
        `${s.fps} (${s.frames}, ${s.longFrames}, ${s.worstFrameMs} ms, ${s.seconds} s, ${s.pixels} px, ${s.reachedTop ? 'yes' : 'no'})`,
    );
  }
  for (const f of figures) {
    const b = f.breakdown;
    print(
      `  N=${f.entries}: scripts run at ${b.scriptsRunMs} ms, session at ${b.sessionMs} ms, ` +
        `conversation asked at ${b.conversationAskedMs} ms and answered at ${b.conversationMs} ms, last reply on screen at ${f.lastReplyOnScreenMs} ms`,
    );
  }
  for (const f of figures) {
    print(
      `  N=${f.entries}: last reply ≤ ${targets.lastReplyMs} ms ${verdict(f.lastReplyOnScreenMs <= targets.lastReplyMs)}, ` +
        `DOM ≤ ${targets.domNodes} ${verdict(f.domNodes <= targets.domNodes)}, heap ≤ ${targets.heapMb} MB ${verdict(f.heapMb <= targets.heapMb)}, ` +
        `fps ≥ ${targets.fps} ${verdict(f.scroll.fps >= targets.fps)}`,
    );
  }
  const small = figures.find((f) => f.entries === Math.min(...figures.map((x) => x.entries)));
  const large = figures.find((f) => f.entries === Math.max(...figures.map((x) => x.entries)));
  if (small && large && small !== large) {
    // Flat means the large conversation is no worse than the small one by more than 20 %; being
    // better (a warmer machine by the time it runs) is not a failure to stay flat.
    const notAbove = (a: number, b: number) => b <= (1 + targets.flatWithin) * a;
    const notBelow = (a: number, b: number) => b >= (1 - targets.flatWithin) * a;
    print(
      `  N=${large.entries} no worse than N=${small.entries} by more than 20 %: ` +
        `time ${verdict(notAbove(small.lastReplyOnScreenMs, large.lastReplyOnScreenMs))}, ` +
        `DOM ${verdict(notAbove(small.domNodes, large.domNodes))}, heap ${verdict(notAbove(small.heapMb, large.heapMb))}, ` +
        `fps ${verdict(notBelow(small.scroll.fps, large.scroll.fps))}`,
    );
  }
}

/** What each page's route renders besides the entry, as the build manifest names the modules. */
const screens = {
  '/login': ['src/features/auth/pages/login-page.tsx'],
  // Every signed-in page renders in the app shell, a lazy chunk of its own so /login never loads it.
  '/chat': ['src/app/layout/app-layout.tsx', 'src/features/chat/pages/chat-page.tsx'],
};

function reportAssets(figures: AssetFigures[]) {
  print('\nFirst visit: JavaScript and CSS downloaded until the network is idle');
  const budgets: Record<string, number> = { '/login': 150 * 1024, '/chat': 250 * 1024 };
  for (const f of figures) {
    print(
      `${f.page}: JS ${kb(f.js.wireBytes)} on the wire (${kb(f.js.gzipBytes)} gzip, ${kb(f.js.bytes)} uncompressed), ` +
        `CSS ${kb(f.css.wireBytes)} on the wire (${kb(f.css.gzipBytes)} gzip, ${kb(f.css.bytes)}), ${f.files.length} files`,
    );
    print(
      `  before lazy chunks (the entry's and the page's screens' static imports): JS ${kb(f.beforeLazyJs.wireBytes)} ` +
        `on the wire (${kb(f.beforeLazyJs.gzipBytes)} gzip, ${kb(f.beforeLazyJs.bytes)} uncompressed), ` +
        `${f.files.filter((file) => file.type === 'script' && !file.lazy).length} files`,
    );
    print(
      `  of which the entry (index.html's script and module preloads): JS ${kb(f.entryJs.wireBytes)} on the wire, ` +
        `${kb(f.entryJs.gzipBytes)} gzip`,
    );
    for (const file of f.files)
      print(
        `    ${file.url}  ${kb(file.wireBytes)} wire, ${kb(file.gzipBytes)} gzip${file.lazy ? '  (lazy)' : ''}`,
      );
    const budget = budgets[f.page];
    if (budget)
      print(
        `  JS before lazy chunks on the wire ≤ ${kb(budget)}: ${verdict(f.beforeLazyJs.wireBytes <= budget)}`,
      );
  }
}

function reportLighthouse(figures: LighthouseFigures[]) {
  print('\nLighthouse 12 (one run each)');
  for (const f of figures) {
    const s = f.scores;
    const goal = f.preset === 'desktop' ? 95 : 90;
    print(
      `${f.page} ${f.preset.padEnd(7)}: performance ${s.performance} (≥ ${goal} ${verdict((s.performance ?? 0) >= goal)}), ` +
        `accessibility ${s.accessibility} (100 ${verdict(s.accessibility === 100)}), best practices ${s['best-practices']}, SEO ${s.seo}; ` +
        `FCP ${f.metrics.fcpMs} ms, LCP ${f.metrics.lcpMs} ms, TBT ${f.metrics.tbtMs} ms, CLS ${f.metrics.cls}`,
    );
    const phases = Object.entries(f.lcp.phases).map(([phase, ms]) => `${phase} ${ms} ms`);
    print(`  largest paint: ${f.lcp.element} (${phases.join(', ')})`);
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-web-'));
  const report: Record<string, unknown> = { sizes };
  try {
    print(`Seeding ${sizes.join(', ')} entries, 5,000 projects and 1,000 custom prompts…`);
    const data = await seed(dataDir, { sizes, listProjects: 5000, listPrompts: 1000 });
    print('Starting the server (production mode, building the web app if needed)…');
    const server = await startBenchServer(dataDir);
    const browser = await launchBrowser();
    try {
      if (runs('conversation')) {
        const figures: ChatFigures[] = [];
        // One run first that is not counted: the first page the fresh server and browser serve pays
        // for their warming up (compiling, caches), which would be charged to whichever size came first.
        const warmUp = await server.signIn(data.chatUser.email);
        await measureConversation(browser, server.url, warmUp.cookie, data.conversations[0]!);
        for (const conversation of data.conversations) {
          const { cookie } = await server.signIn(data.chatUser.email);
          figures.push(await measureConversation(browser, server.url, cookie, conversation));
        }
        report.conversation = figures;
        reportConversation(figures);
      }
      if (runs('first-visit')) {
        const login = await measureAssets(browser, server.url, '/login', screens['/login']);
        const { cookie } = await server.signIn(data.freshUser.email);
        const chat = await measureAssets(browser, server.url, '/chat', screens['/chat'], cookie);
        report.assets = [login, chat];
        reportAssets([login, chat]);
      }
      if (runs('lighthouse') && process.env.BENCH_LIGHTHOUSE !== '0') {
        const figures: LighthouseFigures[] = [];
        for (const page of ['/login', '/chat']) {
          for (const preset of ['desktop', 'mobile'] as const) {
            // Lighthouse now and then fails to record a page load (NO_NAVSTART): such a run is run
            // again, with a new session (the one it was given may have been renewed), twice at most.
            for (let attempt = 1; ; attempt += 1) {
              const cookie =
                page === '/chat' ? (await server.signIn(data.freshUser.email)).cookie : undefined;
              try {
                figures.push(await runLighthouse(server.url, page, preset, cookie));
                break;
              } catch (error) {
                if (attempt === 3) throw error;
                print(`${page} ${preset}: ${(error as Error).message}; running it again`);
              }
            }
          }
        }
        report.lighthouse = figures;
        reportLighthouse(figures);
      }
      if (runs('lists')) {
        const session = await server.signIn(data.listsUser.email);
        const apis = await measureListApis(server.url, session, data.listsUser.workspaceId);
        print(
          `\nLists with ${data.listsUser.projects} projects and ${data.listsUser.prompts} custom prompts`,
        );
        for (const api of apis)
          print(`API ${api.name}: median ${api.medianMs} ms, p90 ${api.p90Ms} ms, ${kb(api.bytes)}`);
        const desktop = await measureListPages(
          browser,
          server.url,
          await server.signIn(data.listsUser.email),
          {
            width: 1280,
            height: 800,
          },
        );
        report.lists = { apis, desktop };
        for (const page of desktop) {
          print(`1280 × 800 ${page.name}: ${page.ms} ms, ${page.domNodes} DOM nodes, ${page.rows} rows`);
        }
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
