import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What every screen is checked at: both themes, the desktop width and a phone's. */
export interface Look {
  width: 1280 | 390;
  theme: 'light' | 'dark';
}

export const looks: readonly Look[] = [
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
];
export const desktopLooks = looks.filter((look) => look.width === 1280);
export const phoneLooks = looks.filter((look) => look.width === 390);

/** One failing axe rule on one screen, kept short enough to read in a test report. */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
}

const failingImpacts = new Set(['serious', 'critical']);

/**
 * The theme follows the system unless the user picked one (the profile menu's switch), so emulating the
 * system's preference shows either theme without a reload.
 */
export async function showLook(page: Page, look: Look) {
  await page.setViewportSize({ width: look.width, height: 844 });
  await page.emulateMedia({ colorScheme: look.theme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    look.theme === 'dark',
  );
  await settle(page);
}

/**
 * Waits until nothing moves: a contrast check in the middle of a fade measures a colour no one sees.
 * Not "network idle": a project page keeps its live conversation's request open for as long as it is
 * shown, so the network never goes quiet there.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Evaluated instead of axe-core's 1.3 MB source once the document has it. */
const axeAlreadyLoaded = 'void 0';

/**
 * axe-core's rules whose answer depends on colours (its `cat.color` rules that run by default). The
 * dark theme changes nothing but the colours (index.css: `.dark` sets only colour variables, and no
 * component reads the theme), so on a screen already scanned in full at its width in the light theme,
 * these are the only rules that can answer differently in the dark one.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core on the page as it is now, every rule it has or only `rules`; returns the serious and
 * critical findings.
 * Made cheap enough to run dozens of times per test: the builder sends axe-core's source twice per run,
 * so it does only while the document lacks it (once per page load; a route change keeps the document);
 * the app has no frames, so axe runs in the page itself (legacy mode skips the blank page a frame-aware
 * run opens each time); and only violations are reported in detail.
 */
export async function scan(page: Page, screen: string, rules?: readonly string[]): Promise<Finding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  const builder = new AxeBuilder({ page, ...(loaded ? { axeSource: axeAlreadyLoaded } : {}) })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (rules) builder.withRules([...rules]);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes.map((node) => {
        const target = node.target.map(String).join(' >>> ');
        const why = node.failureSummary?.split('\n').slice(1).join(' ').trim();
        return why ? `${target} — ${why}` : target;
      }),
    }));
}

/**
 * Scans one screen in each look. `prepare` runs after the look is applied and before the scan (to open a
 * dialog the new width closed, for instance); the screen's name in a finding says which look failed.
 * A look at a width already scanned in the other theme gets the colour rules only: every other rule
 * would answer as it did there (about a fifth of a scan's CPU, on CI's two cores).
 */
export async function scanLooks(
  page: Page,
  screen: string,
  lookList: readonly Look[] = looks,
  prepare?: (look: Look) => Promise<void>,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const scannedWidths = new Set<number>();
  for (const look of lookList) {
    await showLook(page, look);
    if (prepare) {
      await prepare(look);
      await settle(page);
    }
    const rules = scannedWidths.has(look.width) ? colourRules : undefined;
    findings.push(...(await scan(page, `${screen} · ${look.width} px · ${look.theme}`, rules)));
    scannedWidths.add(look.width);
  }
  return findings;
}

/** One readable report of everything found: rule, impact, where, and the page that explains the fix. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `[${finding.impact}] ${finding.rule} on ${finding.screen}: ${finding.help}\n  ${finding.helpUrl}\n` +
        finding.targets.map((target) => `    - ${target}`).join('\n'),
    )
    .join('\n');
}
