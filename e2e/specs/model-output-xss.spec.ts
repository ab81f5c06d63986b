import type { Page } from '@playwright/test';
import { startOpenAIPeer, type OpenAIPeer } from '../../apps/server/test/helpers/openai-peer.ts';
import { expect, newEmail, signUpIn, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import { ownServer } from '../support/own-server.ts';

/**
 * A reply as a hostile or manipulated model could write it: raw HTML that runs script when parsed,
 * a script element, and links to `javascript:` in Markdown and in HTML. Each sets a flag and opens a
 * dialog if it ever runs.
 */
const HOSTILE_REPLY = [
  'Aquí tienes tu anuncio.\n\n',
  `<img src=x onerror="window.__xss='img';alert('img')">\n\n`,
  `<script>window.__xss='script';alert('script')</script>\n\n`,
  '[Compra aquí](javascript:alert(document.domain)) y ',
  `<a href="javascript:window.__xss='a';alert('a')">otro enlace</a>\n\n`,
  `<svg onload="window.__xss='svg'"></svg> Fin.`,
];

/** Dialogs opened by the page and Content-Security-Policy violations it reported, as they happen. */
function watchForScript(page: Page) {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return { dialogs, violations };
}

const xssFlag = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: string }).__xss);

/** The `href` of every link inside `root`. */
const hrefsIn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((roots) =>
      roots.flatMap((root) => [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))),
    );

test.describe('model output is text, never markup', () => {
  const own = ownServer('model-output-xss');
  // Every request is answered with HOSTILE_REPLY, one piece per chunk; the spec's own server asks it.
  let model: OpenAIPeer;
  test.beforeAll(async () => {
    model = await startOpenAIPeer({ chunks: HOSTILE_REPLY });
  });
  test.afterAll(async () => {
    await model.close();
  });

  test('a reply with <img onerror>, <script> and javascript: links runs nothing, in the chat and in the document', async ({
    browser,
    locale,
  }) => {
    test.setTimeout(180_000);
    const server = await own.start({
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'e2e',
      AI_MODEL: 'hostile',
    });
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const seen = watchForScript(page);
    await signUpIn(page, locale, { email: newEmail('xss'), firstName: 'Marta', lastName: 'Ruiz' });

    const chat = new ChatPage(page);
    await chat.ask('Escribe un anuncio para unas zapatillas');
    await chat.waitForReplyEnd();
    const reply = chat.replyText(chat.reply(0));
    await expect(reply).toContainText('Fin.');
    // The markup is shown as the text it is, not parsed into elements.
    await expect(reply).toContainText(`<img src=x onerror="window.__xss='img';alert('img')">`);
    await expect(reply).toContainText('<script>');
    await expect(reply.locator('img, script, svg, iframe, [onerror], [onload]')).toHaveCount(0);

    // A javascript: link is no link to anything: no such href, and clicking its text runs nothing.
    const replyHrefs = await hrefsIn(page, '[data-testid="reply-text"]');
    for (const href of replyHrefs) expect(href ?? '').not.toMatch(/^\s*javascript:/i);
    await reply.getByText('Compra aquí').click();
    await reply.getByText('otro enlace').click();
    // The chat never even parses the markup as HTML: the policy had nothing to refuse.
    expect(seen.violations).toEqual([]);

    // Into the document: the editor keeps the text and drops the unsafe links. (Its Markdown parser reads
    // raw HTML in a detached document, where nothing runs or loads, keeping only what its schema knows.)
    await chat.reply(0).getByRole('button', { name: 'Insertar en el documento' }).click();
    const documentPanel = new DocumentPanel(page);
    await documentPanel.waitUntilReady();
    await expect(documentPanel.editor).toContainText('Fin.');
    await expect(documentPanel.editor.locator('img, script, svg, iframe, [onerror], [onload]')).toHaveCount(
      0,
    );
    const documentHrefs = await hrefsIn(page, '[data-testid="document-panel"]');
    for (const href of documentHrefs) expect(href ?? '').not.toMatch(/^\s*javascript:/i);

    // After a reload the saved reply renders the same way.
    await page.reload();
    await expect(chat.replyText(chat.reply(0))).toContainText('Fin.');
    await expect(chat.replyText(chat.reply(0)).locator('img, script, svg, iframe')).toHaveCount(0);

    expect(await xssFlag(page)).toBeUndefined();
    expect(seen.dialogs).toEqual([]);
    await context.close();
  });
});

test.describe('content security policy', () => {
  test('the served page allows scripts from its own origin only and needs no inline script', async ({
    page,
  }) => {
    const seen = watchForScript(page);
    const response = await page.request.get('/');
    expect(response.status()).toBe(200);
    const csp = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);

    // Every script of the built page is a file of its own origin.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^/]/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);

    // Loaded under that policy, the app starts (the saved theme applied by its script file) with no violation.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continuar con correo electrónico' })).toBeVisible();
    expect(seen.violations).toEqual([]);
  });
});
