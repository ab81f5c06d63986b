/**
 * The lists of a workspace holding thousands of projects and custom prompts: the API answers behind
 * them (median of repeated requests) and the pages that show them (time until the first row is on
 * screen, DOM nodes, JS heap).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { SignedIn } from './server.ts';

export interface ApiTiming {
  name: string;
  path: string;
  medianMs: number;
  p90Ms: number;
  bytes: number;
}

export interface RenderTiming {
  name: string;
  ms: number;
  domNodes: number;
  rows: number;
}

async function timeApi(baseUrl: string, accessToken: string, name: string, path: string): Promise<ApiTiming> {
  const headers = { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'identity' };
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 23; i += 1) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api${path}`, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    // The first three warm the server's caches and the connection.
    if (i >= 3) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return {
    name,
    path,
    medianMs: +times[Math.floor(times.length / 2)]!.toFixed(1),
    p90Ms: +times[Math.floor(times.length * 0.9)]!.toFixed(1),
    bytes,
  };
}

export async function measureListApis(baseUrl: string, session: SignedIn, workspaceId: string) {
  const id = encodeURIComponent(workspaceId);
  return [
    await timeApi(baseUrl, session.accessToken, 'projects page (first 50)', `/workspace/${id}/projects`),
    await timeApi(
      baseUrl,
      session.accessToken,
      "sidebar's recent projects (5)",
      `/workspace/${id}/projects?sort=updatedAt&order=desc&limit=5`,
    ),
    await timeApi(
      baseUrl,
      session.accessToken,
      'prompt library (es)',
      `/prompt/by-workspace/${id}?language=es`,
    ),
  ];
}

export async function measureListPages(
  browser: Browser,
  baseUrl: string,
  session: SignedIn,
  viewport: { width: number; height: number },
): Promise<RenderTiming[]> {
  const context = await browser.newContext({ viewport, locale: 'es-ES' });
  await context.addCookies([{ ...session.cookie, domain: '127.0.0.1', httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  try {
    return await measurePages(page, baseUrl);
  } catch (error) {
    const shot = path.join(tmpdir(), 'redacta-bench-web-lists.png');
    await page.screenshot({ path: shot });
    throw new Error(`${(error as Error).message}\n(screenshot: ${shot})`);
  } finally {
    await context.close();
  }
}

async function measurePages(page: Page, baseUrl: string): Promise<RenderTiming[]> {
  const figures: RenderTiming[] = [];
  const domNodes = () => page.evaluate(() => document.getElementsByTagName('*').length);

  await page.goto(`${baseUrl}/projects`);
  await page.getByTestId('project-row').first().waitFor();
  figures.push({
    name: '/projects, first row on screen (from navigation)',
    ms: Math.round(await page.evaluate(() => performance.now())),
    domNodes: await domNodes(),
    rows: await page.getByTestId('project-row').count(),
  });

  await page.goto(`${baseUrl}/chat`);
  const openLibrary = page.getByRole('button', { name: 'Prompts', exact: true });
  await openLibrary.waitFor();
  await page.waitForLoadState('networkidle');
  const dialog = page.getByRole('dialog', { name: 'Biblioteca de prompts' });
  // The prompts (the language picker is a <select> whose options have the same role).
  const options = dialog.locator('[role="option"]');
  let started = await page.evaluate(() => performance.now());
  await openLibrary.click();
  await options.first().waitFor();
  figures.push({
    name: 'prompt library opened, first prompt on screen (from the click)',
    ms: Math.round((await page.evaluate(() => performance.now())) - started),
    domNodes: await domNodes(),
    rows: await options.count(),
  });

  const custom = dialog.getByRole('navigation').getByRole('button', { name: /^Personalizados/ });
  if ((await custom.count()) > 0) {
    started = await page.evaluate(() => performance.now());
    await custom.first().click();
    await dialog
      .getByRole('option', { name: /Mi plantilla/ })
      .first()
      .waitFor();
    figures.push({
      name: 'prompt library, custom prompts shown (from the click)',
      ms: Math.round((await page.evaluate(() => performance.now())) - started),
      domNodes: await domNodes(),
      rows: await options.count(),
    });
  }

  const search = dialog.getByRole('combobox', { name: 'Buscar prompts' });
  started = await page.evaluate(() => performance.now());
  await search.fill('plantilla');
  await dialog
    .getByRole('option', { name: /Mi plantilla/ })
    .first()
    .waitFor();
  figures.push({
    name: 'prompt library, search matching every custom prompt (from typing)',
    ms: Math.round((await page.evaluate(() => performance.now())) - started),
    domNodes: await domNodes(),
    rows: await options.count(),
  });
  return figures;
}
