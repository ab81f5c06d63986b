/**
 * A long conversation opened in Chromium at 390 × 844: time until its last reply is on screen and
 * where it went (`openConversation`, one page load); with `measureConversation`, also DOM nodes and JS
 * heap once it settles, and frames per second while scrolling from the bottom toward the top. Works
 * with the entries as articles in any list: `article[data-entry-id]` when rows carry their id, else
 * the last `article` holding the last reply's marker text.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { loadBreakdownScript, scrollToTopScript, watchForLastReplyScript } from './page-scripts.ts';
import type { SeededConversation } from './seed.ts';
import type { SessionCookie } from './server.ts';

export interface LoadFigures {
  entries: number;
  lastReplyOnScreenMs: number;
  /** Where that time went: the entry scripts run, the session refreshed, the conversation's answer in. */
  breakdown: { scriptsRunMs: number; sessionMs: number; conversationAskedMs: number; conversationMs: number };
  /** The 1-minute load average as the page was opened. */
  load: number;
}

export interface ChatFigures extends LoadFigures {
  domNodes: number;
  /** Used JS heap after a full garbage collection (CDP Runtime.getHeapUsage). */
  heapMb: number;
  scroll: ScrollFigures;
}

export interface ScrollFigures {
  fps: number;
  frames: number;
  /** Frames that took longer than 1.5 × 16.7 ms. */
  longFrames: number;
  worstFrameMs: number;
  seconds: number;
  /** The first entry came on screen within the time allowed. */
  reachedTop: boolean;
  pixels: number;
}

/** The scroll speed: about a screen every four frames, a brisk fling held down. */
const SCROLL_STEP_PX = 200;
const SCROLL_CAP_MS = 25_000;

async function gcHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** Opens the conversation in a new context and waits until its last reply is on screen. */
async function open(
  browser: Browser,
  baseUrl: string,
  cookie: SessionCookie,
  conversation: SeededConversation,
): Promise<{ context: BrowserContext; page: Page; figures: LoadFigures }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  await context.addCookies([{ ...cookie, domain: '127.0.0.1', httpOnly: true, sameSite: 'Lax' }]);
  const page: Page = await context.newPage();
  await page.addInitScript({
    content: watchForLastReplyScript(conversation.lastReplyId, conversation.lastReplyMarker),
  });
  const load = loadAverage();
  await page.goto(`${baseUrl}/chat?project=${conversation.projectId}`);
  await page
    .waitForFunction(
      () => (window as unknown as { __bench: { lastReplyAt?: number } }).__bench.lastReplyAt !== undefined,
      undefined,
      { timeout: 60_000, polling: 200 },
    )
    .catch(async (error: Error) => {
      const shot = path.join(tmpdir(), `redacta-bench-web-${conversation.entries}.png`);
      await page.screenshot({ path: shot });
      throw new Error(`the last reply never came on screen (screenshot: ${shot}): ${error.message}`);
    });
  const lastReplyOnScreenMs = await page.evaluate(
    () => (window as unknown as { __bench: { lastReplyAt: number } }).__bench.lastReplyAt,
  );
  const breakdown = (await page.evaluate(loadBreakdownScript)) as LoadFigures['breakdown'];
  return {
    context,
    page,
    figures: {
      entries: conversation.entries,
      lastReplyOnScreenMs: Math.round(lastReplyOnScreenMs),
      breakdown,
      load,
    },
  };
}

/** One page load of the conversation: the time until its last reply is on screen. */
export async function openConversation(
  browser: Browser,
  baseUrl: string,
  cookie: SessionCookie,
  conversation: SeededConversation,
): Promise<LoadFigures> {
  const { context, figures } = await open(browser, baseUrl, cookie, conversation);
  await context.close();
  return figures;
}

/** One page load of the conversation, then its DOM nodes, heap and scrolling once it settles. */
export async function measureConversation(
  browser: Browser,
  baseUrl: string,
  cookie: SessionCookie,
  conversation: SeededConversation,
): Promise<ChatFigures> {
  const { context, page, figures } = await open(browser, baseUrl, cookie, conversation);
  const cdp = await context.newCDPSession(page);
  // Let late work (images, idle callbacks, measurement passes) finish before counting.
  await page.waitForTimeout(2_000);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const heapMb = await gcHeapMb(cdp);

  const run = (await page.evaluate(
    scrollToTopScript(SCROLL_STEP_PX, SCROLL_CAP_MS, conversation.firstRequestText),
  )) as { times: number[]; reachedTop: boolean; pixels: number };
  const intervals = run.times.slice(1).map((t, i) => t - run.times[i]!);
  const seconds = (run.times.at(-1)! - run.times[0]!) / 1000;
  await context.close();
  return {
    ...figures,
    domNodes,
    heapMb: +heapMb.toFixed(1),
    scroll: {
      fps: +(intervals.length / seconds).toFixed(1),
      frames: run.times.length,
      longFrames: intervals.filter((ms) => ms > 25).length,
      worstFrameMs: Math.round(Math.max(...intervals)),
      seconds: +seconds.toFixed(1),
      reachedTop: run.reachedTop,
      pixels: Math.round(run.pixels),
    },
  };
}
