/**
 * `npm run bench:web`: the web app in Chromium against its targets (apps/server/bench/check/targets.ts,
 * the `web*` ones; it prints each figure with its verdict and exits non-zero on a miss). It seeds a
 * fresh PGlite, starts the server the way `npm start` does in production mode, and measures:
 *
 *   conversation   a project of N entries at 390 × 844 (N = 300, 1,000, 3,000; BENCH_SIZES=300,1000 to
 *                  choose), opened BENCH_RUNS times (3), the sizes taking turns: last reply on screen
 *                  (the median of the runs), then once DOM nodes, JS heap, fps scrolling to the top
 *   first visit    JS and CSS /login and /chat download (on the wire and as gzip), and the JS before
 *                  lazy chunks
 *   Lighthouse     /login and /chat, desktop and mobile presets, once each (BENCH_LIGHTHOUSE=0 skips it)
 *   lists          5,000 projects and 1,000 custom prompts in a workspace: API answers and pages
 *
 * BENCH_ONLY=conversation,lists runs some parts only; BENCH_JSON=<file> also writes every figure.
 * BENCH_BRIEF=1 (`npm run bench:check`): sizes 300 and 3,000, no lists. Only the parts that ran
 * record their figures.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brief } from '../../apps/server/bench/check/brief.ts';
import { formatLimit, recordFigures } from '../../apps/server/bench/check/figures.ts';
import { judge, targets, type Figure, type TargetName } from '../../apps/server/bench/check/targets.ts';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { measureConversation, openConversation, type ChatFigures, type LoadFigures } from './chat.ts';
import { measureAssets, runLighthouse, type AssetFigures, type LighthouseFigures } from './first-visit.ts';
import { measureListApis, measureListPages } from './lists.ts';
import { seed, type Seed } from './seed.ts';
import { startBenchServer, type BenchServer } from './server.ts';

const print = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** A figure's value against its target, as a short verdict for the report's lines. */
const against = (target: TargetName, value: number) =>
  `${formatLimit(targets[target])} ${judge({ target, value })}`;

const sizes = brief ? [300, 3000] : (process.env.BENCH_SIZES ?? '300,1000,3000').split(',').map(Number);
const conversationRuns = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const only = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => (!only || only.includes(part)) && !(brief && part === 'lists');
/** The conversation size the targets name (3,000 entries), and the one it is compared with (300). */
const LARGE = 3000;
const SMALL = 300;

/** The figures recorded at the end, one per target of the parts that ran. */
const figures: Figure[] = [];

/** Each size's page loads (the first of them with DOM nodes, heap and scrolling), by size. */
interface Conversation {
  entries: number;
  loads: LoadFigures[];
  settled: ChatFigures;
  lastReplyMs: number;
}

function reportConversation(conversations: Conversation[]) {
  print(`\nConversation at 390 × 844 (Chromium, production build), ${conversationRuns} page loads per size`);
  print(
    'entries | last reply on screen (median; runs) | DOM nodes | JS heap  | scroll fps (frames, >25 ms, worst, s, px, top reached)',
  );
  for (const c of conversations) {
    const s = c.settled.scroll;
    const times = `${c.lastReplyMs} ms; ${c.loads.map((load) => load.lastReplyOnScreenMs).join(', ')}`;
    print(
      `${String(c.entries).padStart(7)} | ${times.padStart(35)} | ${String(c.settled.domNodes).padStart(9)} | ${`${c.settled.heapMb} MB`.padStart(8)} | ` +
        `${s.fps} (${s.frames}, ${s.longFrames}, ${s.worstFrameMs} ms, ${s.seconds} s, ${s.pixels} px, ${s.reachedTop ? 'yes' : 'no'})`,
    );
  }
  for (const c of conversations)
    for (const load of c.loads) {
      const b = load.breakdown;
      print(
        `  N=${c.entries}: scripts run at ${b.scriptsRunMs} ms, session at ${b.sessionMs} ms, ` +
          `conversation asked at ${b.conversationAskedMs} ms and answered at ${b.conversationMs} ms, ` +
          `last reply on screen at ${load.lastReplyOnScreenMs} ms (load ${load.load})`,
      );
    }
  for (const c of conversations)
    print(
      `  N=${c.entries}: last reply ${against('webLastReply', c.lastReplyMs)}, DOM ${against('webDomNodes', c.settled.domNodes)}, ` +
        `heap ${against('webHeap', c.settled.heapMb)}, fps ${against('webScrollFps', c.settled.scroll.fps)}`,
    );

  const loads = (c: Conversation) =>
    `runs ${c.loads.map((load) => load.lastReplyOnScreenMs).join(', ')} ms; load ${c.loads.map((load) => load.load).join(', ')}`;
  const large = conversations.find((c) => c.entries === LARGE);
  const small = conversations.find((c) => c.entries === SMALL);
  if (large) {
    figures.push(
      {
        target: 'webLastReply',
        value: large.lastReplyMs,
        note: `median of ${large.loads.length} page loads (${loads(large)})`,
      },
      { target: 'webDomNodes', value: large.settled.domNodes, note: `load ${large.settled.load}` },
      {
        target: 'webHeap',
        value: large.settled.heapMb,
        note: `after two forced collections; load ${large.settled.load}`,
      },
      {
        target: 'webScrollFps',
        value: large.settled.scroll.fps,
        note: `${large.settled.scroll.frames} frames in ${large.settled.scroll.seconds} s, top ${large.settled.scroll.reachedTop ? 'reached' : 'not reached'}; load ${large.settled.load}`,
      },
    );
  }
  if (large && small) {
    const ratio = +(large.lastReplyMs / small.lastReplyMs).toFixed(2);
    print(
      `  N=${LARGE} against N=${SMALL}, last reply: ${ratio}× (${against('webConversationFlat', ratio)})`,
    );
    figures.push({
      target: 'webConversationFlat',
      value: ratio,
      note: `medians ${large.lastReplyMs} / ${small.lastReplyMs} ms`,
    });
  }
}

/** What each page's route renders besides the entry, as the build manifest names the modules. */
const screens = {
  '/login': ['src/features/auth/pages/login-page.tsx'],
  // Every signed-in page renders in the app shell, a lazy chunk of its own so /login never loads it.
  '/chat': ['src/app/layout/app-layout.tsx', 'src/features/chat/pages/chat-page.tsx'],
};

function reportAssets(assets: AssetFigures[]) {
  print('\nFirst visit: JavaScript and CSS downloaded until the network is quiet');
  for (const f of assets) {
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
  }
  const files = (f: AssetFigures) => f.files.filter((file) => file.type === 'script' && !file.lazy).length;
  const login = assets.find((f) => f.page === '/login');
  const chat = assets.find((f) => f.page === '/chat');
  if (login) {
    const value = +(login.beforeLazyJs.gzipBytes / 1024).toFixed(1);
    print(`  /login JS before its first screen, gzip: ${value} KB (${against('webLoginJs', value)})`);
    figures.push({ target: 'webLoginJs', value, note: `${files(login)} files` });
  }
  if (chat) {
    const value = +(chat.beforeLazyJs.wireBytes / 1024).toFixed(1);
    print(`  /chat JS before lazy chunks, on the wire: ${value} KB (${against('webChatJs', value)})`);
    figures.push({ target: 'webChatJs', value, note: `${files(chat)} files, brotli` });
  }
}

function reportLighthouse(runs: LighthouseFigures[]) {
  print('\nLighthouse 12 (one run each)');
  const desktop = runs.filter((run) => run.preset === 'desktop');
  const mobile = runs.filter((run) => run.preset === 'mobile');
  for (const f of runs) {
    const s = f.scores;
    const goal = f.preset === 'desktop' ? 'webLighthouseDesktop' : 'webLighthouseMobile';
    print(
      `${f.page} ${f.preset.padEnd(7)}: performance ${s.performance} (${against(goal, s.performance ?? 0)}), ` +
        `accessibility ${s.accessibility} (${against('webAccessibility', s.accessibility ?? 0)}), ` +
        `best practices ${s['best-practices']}, SEO ${s.seo}; ` +
        `FCP ${f.metrics.fcpMs} ms, LCP ${f.metrics.lcpMs} ms, TBT ${f.metrics.tbtMs} ms, CLS ${f.metrics.cls}`,
    );
    const phases = Object.entries(f.lcp.phases).map(([phase, ms]) => `${phase} ${ms} ms`);
    print(`  largest paint: ${f.lcp.element} (${phases.join(', ')})`);
  }
  /** The lowest score of `category` among `of`, and a note naming every page's. */
  const lowest = (of: LighthouseFigures[], category: string) => ({
    value: Math.min(...of.map((run) => run.scores[category] ?? 0)),
    note: of
      .map((run) => `${run.page}${of === runs ? ` ${run.preset}` : ''} ${run.scores[category]}`)
      .join(', '),
  });
  const load = `load ${loadAverage()}`;
  if (desktop.length) {
    const { value, note } = lowest(desktop, 'performance');
    figures.push({ target: 'webLighthouseDesktop', value, note: `${note}; ${load}` });
  }
  if (mobile.length) {
    const { value, note } = lowest(mobile, 'performance');
    figures.push({ target: 'webLighthouseMobile', value, note: `${note}; ${load}` });
  }
  if (runs.length) figures.push({ target: 'webAccessibility', ...lowest(runs, 'accessibility') });
}

/**
 * Opens each conversation `conversationRuns` times, the sizes taking turns; the first opening of
 * each size also counts its DOM nodes and heap and scrolls it.
 */
async function measureConversations(
  browser: Browser,
  server: BenchServer,
  data: Seed,
): Promise<Conversation[]> {
  // One opening first that is not counted: the first page the fresh server and browser serve pays
  // for their warming up (compiling, caches), which would be charged to whichever size came first.
  const warmUp = await server.signIn(data.chatUser.email);
  await openConversation(browser, server.url, warmUp.cookie, data.conversations[0]!);
  const settled = new Map<number, ChatFigures>();
  const loads = new Map<number, LoadFigures[]>(data.conversations.map((c) => [c.entries, []]));
  for (let run = 0; run < conversationRuns; run += 1) {
    for (const conversation of data.conversations) {
      const { cookie } = await server.signIn(data.chatUser.email);
      if (run === 0) {
        const full = await measureConversation(browser, server.url, cookie, conversation);
        settled.set(conversation.entries, full);
        loads.get(conversation.entries)!.push(full);
      } else {
        loads
          .get(conversation.entries)!
          .push(await openConversation(browser, server.url, cookie, conversation));
      }
    }
  }
  return data.conversations.map(({ entries }) => ({
    entries,
    loads: loads.get(entries)!,
    settled: settled.get(entries)!,
    lastReplyMs: Math.round(median(loads.get(entries)!.map((load) => load.lastReplyOnScreenMs))),
  }));
}

async function main(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-web-'));
  const report: Record<string, unknown> = { sizes, brief };
  try {
    const lists = runs('lists');
    print(
      `Seeding ${sizes.join(', ')} entries${lists ? ', 5,000 projects and 1,000 custom prompts' : ''}… (load ${loadAverage()})`,
    );
    const data = await seed(dataDir, {
      sizes,
      listProjects: lists ? 5000 : 0,
      listPrompts: lists ? 1000 : 0,
    });
    print('Starting the server (production mode, building the web app if needed)…');
    const server = await startBenchServer(dataDir);
    const browser = await launchBrowser();
    try {
      if (runs('conversation')) {
        const conversations = await measureConversations(browser, server, data);
        report.conversation = conversations;
        reportConversation(conversations);
      }
      if (runs('first-visit')) {
        const login = await measureAssets(browser, server.url, '/login', screens['/login']);
        const { cookie } = await server.signIn(data.freshUser.email);
        const chat = await measureAssets(browser, server.url, '/chat', screens['/chat'], cookie);
        report.assets = [login, chat];
        reportAssets([login, chat]);
      }
      if (runs('lighthouse') && process.env.BENCH_LIGHTHOUSE !== '0') {
        const lighthouse: LighthouseFigures[] = [];
        for (const page of ['/login', '/chat']) {
          for (const preset of ['desktop', 'mobile'] as const) {
            // Lighthouse now and then fails to record a page load (NO_NAVSTART): such a run is run
            // again, with a new session (the one it was given may have been renewed), twice at most.
            for (let attempt = 1; ; attempt += 1) {
              const cookie =
                page === '/chat' ? (await server.signIn(data.freshUser.email)).cookie : undefined;
              try {
                lighthouse.push(await runLighthouse(server.url, page, preset, cookie));
                break;
              } catch (error) {
                if (attempt === 3) throw error;
                print(`${page} ${preset}: ${(error as Error).message}; running it again`);
              }
            }
          }
        }
        report.lighthouse = lighthouse;
        reportLighthouse(lighthouse);
      }
      if (lists) {
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
    report.figures = figures;
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  print(`\nTargets (load ${loadAverage()}):`);
  return recordFigures(figures, print);
}

if (!(await main())) process.exitCode = 1;
