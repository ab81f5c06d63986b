import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Locator, Page } from '@playwright/test';
import { expect, keepScreenshot, newEmail, signUpIn, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { describeFindings, phoneLooks, scanLooks } from '../support/a11y.ts';
import { ownServer } from '../support/own-server.ts';

const EXCHANGES = 300;

const topics = [
  'café de especialidad',
  'una clínica dental',
  'zapatillas de running',
  'un coworking',
  'té matcha',
];

/** A reply like the model's: a heading, paragraphs, a list, a link; its length varies from entry to entry. */
function reply(n: number): string {
  const topic = topics[n % topics.length]!;
  const points = Array.from(
    { length: 3 + (n % 4) },
    (_, i) => `- **Idea ${i + 1}:** una frase clara sobre ${topic} que invita a probarlo hoy mismo.`,
  ).join('\n');
  const extra =
    n % 3 === 0
      ? '\n\nUn párrafo más largo para variar la altura: cuenta la historia del producto, quién lo hace, por qué importa y qué gana quien lo elige frente a otras opciones del mercado.'
      : '';
  return [
    `## Respuesta ${n}: textos para ${topic}`,
    `Aquí tienes una propuesta pensada para ${topic}, con un tono cercano y directo.${extra}`,
    points,
    `Más ideas en [nuestra guía](https://example.com/guia-${n}).`,
  ].join('\n\n');
}

/**
 * `EXCHANGES` requests and replies, a minute apart and ending a minute ago, straight into the
 * server's PGlite (the server is stopped: one process at a time opens the files).
 */
async function seedConversation(dataDir: string, projectId: string) {
  const start = Date.now() - (EXCHANGES * 2 + 1) * 60_000;
  const rows = [];
  for (let n = 0; n < EXCHANGES; n++) {
    const requestId = randomUUID();
    const at = start + n * 2 * 60_000;
    rows.push({
      id: requestId,
      project_id: projectId,
      role: 'user',
      content: `Petición ${n}: escribe textos para ${topics[n % topics.length]}`,
      request_id: null,
      model: null,
      created_at: new Date(at).toISOString(),
    });
    rows.push({
      id: randomUUID(),
      project_id: projectId,
      role: 'assistant',
      content: reply(n),
      request_id: requestId,
      model: 'redacta-demo-writer',
      created_at: new Date(at + 60_000).toISOString(),
    });
  }
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    await db.query(
      `insert into conversation_entries (id, project_id, role, content, request_id, model, words_charged, created_at)
       select id, project_id, role, content, request_id, model, 120, created_at
       from json_to_recordset($1::json)
         as x(id uuid, project_id uuid, role text, content text, request_id uuid, model text, created_at timestamptz)`,
      [JSON.stringify(rows)],
    );
  } finally {
    await db.close();
  }
}

/** The entry whose article is at the top of the conversation's visible area, and where it is. */
async function entryAtTop(page: Page): Promise<{ id: string; top: number }> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-scroller]')!;
    const box = scroller.getBoundingClientRect();
    const articles = [...scroller.querySelectorAll<HTMLElement>('article[data-entry-id]')];
    const visible = articles
      .map((article) => ({ id: article.dataset.entryId!, top: article.getBoundingClientRect().top }))
      .filter((entry) => entry.top >= box.top)
      .sort((a, b) => a.top - b.top);
    return visible[0]!;
  });
}

/**
 * Where the focused entry is in the whole conversation (request n is 2n, its reply 2n + 1), or null
 * when the focus is not on an entry of the feed.
 */
async function focusedEntry(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const article = document.activeElement?.closest('[role="feed"] article');
    const match = /(Petición|Respuesta) (\d+):/.exec(article?.textContent ?? '');
    return match ? 2 * Number(match[2]) + (match[1] === 'Respuesta' ? 1 : 0) : null;
  });
}

async function distanceFromBottom(scroller: Locator): Promise<number> {
  return scroller.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
}

test.describe('a long conversation', () => {
  const own = ownServer('long-conversation');

  test('600 entries open at the bottom, older ones load without a jump, and replies and actions work', async ({
    browser,
    locale,
  }, testInfo) => {
    test.setTimeout(240_000);
    let server = await own.start();
    const context = await browser.newContext({
      baseURL: server.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    let page = await context.newPage();
    await signUpIn(page, locale, { email: newEmail('long') });
    await expect(page).toHaveURL(/\/chat\?project=/);
    const projectId = new URL(page.url()).searchParams.get('project')!;
    await page.close();

    await own.stopped((dataDir) => seedConversation(dataDir, projectId));
    server = await own.start();

    page = await context.newPage();
    const chat = new ChatPage(page);
    const scroller = page.locator('[data-chat-scroller]');
    const olderPages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/conversation?before=')) olderPages.push(request.url());
    });
    await page.goto(`${server.url}/chat?project=${projectId}`);

    // It opens at the newest reply, with only a screenful of entries in the page.
    const newest = page.locator('article[data-entry-id]').filter({ hasText: `Respuesta ${EXCHANGES - 1}:` });
    await expect(newest).toBeInViewport();
    await expect.poll(() => distanceFromBottom(scroller)).toBeLessThanOrEqual(2);
    expect(await page.locator('article[data-entry-id]').count()).toBeLessThan(40);
    await expect(page.getByRole('feed', { name: 'Conversación' })).toBeVisible();
    expect(olderPages).toHaveLength(0);
    await expect(page.getByRole('button', { name: 'Ir al último mensaje' })).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'long-conversation-bottom-1280');

    // Scrolling up reads the older page just before it is needed; the entry at the top of the view
    // stays where it was when the older entries come in above it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/conversation?before=*', async (route) => {
      await held;
      await route.continue();
    });
    await scroller.hover();
    while (olderPages.length === 0) {
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(50);
    }
    await expect(page.getByRole('button', { name: 'Ir al último mensaje' })).toBeVisible();
    await page.waitForTimeout(300); // the wheel's last scroll settles
    const before = await entryAtTop(page);
    const anchor = page.locator(`article[data-entry-id="${before.id}"]`);
    const positionBefore = Number(await anchor.getAttribute('aria-posinset'));
    const response = page.waitForResponse((r) => r.url().includes('/conversation?before='));
    release();
    await response;
    await expect(anchor).toHaveAttribute('aria-posinset', String(positionBefore + 50));
    await page.waitForTimeout(300);
    const after = await anchor.evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(after - before.top)).toBeLessThanOrEqual(3);
    await page.unroute('**/conversation?before=*');

    // Further up, entries of the older page are on screen.
    const older = page.locator('article[data-entry-id]').filter({ hasText: `Respuesta ${EXCHANGES - 30}:` });
    for (let i = 0; i < 40 && !(await older.isVisible()); i++) {
      await page.mouse.wheel(0, -500);
      await page.waitForTimeout(50);
    }
    await older.scrollIntoViewIfNeeded();
    await expect(older).toBeInViewport();

    // Copy and insert act on that old reply.
    await older.getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByText('Respuesta copiada')).toBeVisible();
    // The plain text on the clipboard reads as the reply is shown, not as Markdown (the rich copy
    // beside it keeps the heading, the list and the bold).
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')[0]).toBe(
      `Respuesta ${EXCHANGES - 30}: textos para ${topics[(EXCHANGES - 30) % topics.length]}`,
    );
    expect(copied).toContain('• Idea 1: una frase clara');
    expect(copied).not.toMatch(/##|\*\*/);
    await older.getByRole('button', { name: 'Insertar en el documento' }).click();
    await expect(page.getByTestId('document-panel')).toContainText(
      `Respuesta ${EXCHANGES - 30}: textos para ${topics[(EXCHANGES - 30) % topics.length]}`,
    );
    await keepScreenshot(page, testInfo, 'long-conversation-older-1280');

    // From the keyboard: Page Down moves to the next entry; the focused entry stays in the page
    // (and focused) when it scrolls far out of view.
    await older.focus();
    const olderPosition = Number(await older.getAttribute('aria-posinset'));
    await page.keyboard.press('PageDown');
    const focusedPosition = () =>
      page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-posinset'));
    await expect.poll(focusedPosition).toBe(String(olderPosition + 1));
    await page.keyboard.press('PageUp');
    await expect.poll(focusedPosition).toBe(String(olderPosition));
    await scroller.evaluate((element) => element.scrollBy(0, 4000));
    await expect(older).not.toBeInViewport();
    await expect(older).toBeFocused();

    // Ctrl+End leaves the feed for the composer (past the floating "go to the latest message"), and
    // Ctrl+Home for the control just before the feed (the demo banner's, above the conversation):
    // Tab from there comes back into the feed.
    const feed = page.getByRole('feed', { name: 'Conversación' });
    await expect(page.getByRole('button', { name: 'Ir al último mensaje' })).toBeVisible();
    await page.keyboard.press('Control+End');
    await expect(chat.composer).toBeFocused();
    await expect(older).toHaveCount(0); // far from the view, and no longer holding the focus
    await feed.locator('article').nth(2).focus();
    await page.keyboard.press('Control+Home');
    await expect(chat.demoBanner.getByRole('button', { name: '¿Cómo?' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedEntry(page)).not.toBeNull();

    // Page Up on the first entry loaded while the older page is on its way: the feed is busy, the
    // focus stays, and once the page has come the entry just above takes it.
    let releaseTop!: () => void;
    const heldTop = new Promise<void>((resolve) => (releaseTop = resolve));
    await page.route('**/conversation?before=*', async (route) => {
      await heldTop;
      await route.continue();
    });
    const requested = olderPages.length;
    await scroller.evaluate((element) => element.scrollTo(0, 0));
    await expect.poll(() => olderPages.length).toBe(requested + 1);
    await expect(feed).toHaveAttribute('aria-busy', 'true');
    await feed.locator('article[aria-posinset="2"]').focus();
    const second = (await focusedEntry(page))!;
    await page.keyboard.press('PageUp');
    await expect.poll(() => focusedEntry(page)).toBe(second - 1);
    await page.keyboard.press('PageUp');
    await page.waitForTimeout(200);
    expect(await focusedEntry(page)).toBe(second - 1);
    const arrived = page.waitForResponse((r) => r.url().includes('/conversation?before='));
    releaseTop();
    await arrived;
    await page.unroute('**/conversation?before=*');
    await expect.poll(() => focusedEntry(page)).toBe(second - 2);
    await expect(feed).not.toHaveAttribute('aria-busy');
    await expect(page.locator('[role="feed"] article:focus')).toBeInViewport();

    // Page Up again and again, past another page's first entry: one entry at a time, the older page
    // read on the way, the focus always on an entry.
    for (let step = 1; step <= 60; step++) {
      await page.keyboard.press('PageUp');
      await expect.poll(() => focusedEntry(page)).toBe(second - 2 - step);
    }
    expect(olderPages.length).toBeGreaterThan(requested + 1);
    await expect(page.locator('[role="feed"] article:focus')).toBeInViewport();

    // "Go to the latest message" goes back down; a new reply streams at the bottom and the view
    // follows it.
    await page.getByRole('button', { name: 'Ir al último mensaje' }).click();
    await expect.poll(() => distanceFromBottom(scroller)).toBeLessThanOrEqual(2);
    await expect(page.getByRole('button', { name: 'Ir al último mensaje' })).toHaveCount(0);
    await chat.recordStreamedTexts();
    // The request is held on its way until its row has the focus: the demo writer answers in about
    // half a second, which could otherwise replace the row before the test reaches it.
    let releaseSend!: () => void;
    const heldSend = new Promise<void>((resolve) => (releaseSend = resolve));
    await page.route('**/chat/send-request-stream', async (route) => {
      await heldSend;
      await route.continue();
    });
    await chat.ask('Escribe un eslogan para una librería');
    // The request on its way holds the focus; once saved its row is replaced, and the saved request
    // takes the focus rather than the page body.
    await feed.locator('article:not([data-entry-id])').first().focus();
    releaseSend();
    await chat.waitForReplyEnd();
    await page.unroute('**/chat/send-request-stream');
    // The focus stays on the saved exchange (its request, or its reply when the live conversation's
    // saved copy is drawn first), never on the page body.
    await expect(feed.locator('article[data-entry-id]:focus')).toContainText(
      /Escribe un eslogan para una librería|Eslogan para una librería/,
    );
    expect((await chat.streamedTexts()).length).toBeGreaterThan(3);
    const last = page.locator('article[data-entry-id]').last();
    await expect(last).toContainText('librería');
    await expect(last).toBeInViewport();
    // The reader stays at the very end, also when the saved reply draws taller than the streamed one.
    await expect.poll(() => distanceFromBottom(scroller)).toBeLessThanOrEqual(2);
    await expect(page.locator('article[data-entry-id]').nth(-2)).toContainText(
      'Escribe un eslogan para una librería',
    );

    // On a phone: the same conversation, read from further up.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => distanceFromBottom(scroller)).toBeLessThanOrEqual(2);
    await keepScreenshot(page, testInfo, 'long-conversation-bottom-390');
    await scroller.hover();
    await page.mouse.wheel(0, -1500);
    await expect(page.getByRole('button', { name: 'Ir al último mensaje' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'long-conversation-reading-390');
    const findings = await scanLooks(page, 'a long conversation read from further up', phoneLooks);
    expect(findings, describeFindings(findings)).toEqual([]);
    // The view reaching the end takes "go to the latest message" away: had it the focus, the focus
    // goes on to the composer (what follows it from the keyboard), never to the page body.
    const goToLatest = page.getByRole('button', { name: 'Ir al último mensaje' });
    await goToLatest.focus();
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(goToLatest).toHaveCount(0);
    await expect(chat.composer).toBeFocused();
    await context.close();
  });
});
