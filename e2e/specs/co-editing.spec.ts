/* eslint-disable no-empty-pattern -- Playwright reads a test's fixtures from its first parameter's object pattern; these tests use only the team set up once for all of them. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { DocumentPanel } from '../pages/document-panel.ts';
import type { Team } from '../pages/live-team.ts';
import { liveTeam } from '../support/live-team-setup.ts';

/**
 * The owner and a teammate type into the same spot of a shared project's document at the same time,
 * a key every 25 ms each: whatever order the keys reach the server in, each sees both sentences
 * whole, once, and still after a reload.
 */
const OWNER_SENTENCE = 'Texto de Carmen escrito a la vez.';
const TEAMMATE_SENTENCE = 'Texto de Lucía escrito a la vez.';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How often `part` occurs in the editor's text (a space the browser keeps as a no-break one counts). */
async function occurrences(editor: Locator, part: string): Promise<number> {
  return (await editor.innerText()).replace(/\u00a0/g, ' ').split(part).length - 1;
}

/** The paragraph right after the one that reads `text`. */
const paragraphAfter = (editor: Locator, text: string) =>
  editor.locator('p', { hasText: text }).locator('xpath=following-sibling::p[1]');

/** Both type their sentence at once, each at the caret they have. */
async function typeAtOnce(team: Team) {
  const [owner, teammate] = [new DocumentPanel(team.owner), new DocumentPanel(team.teammate)];
  await Promise.all([
    owner.editor.pressSequentially(`${OWNER_SENTENCE} `, { delay: 25 }),
    teammate.editor.pressSequentially(`${TEAMMATE_SENTENCE} `, { delay: 25 }),
  ]);
}

/** Each sees both sentences whole and once, in `line` (a locator for the same paragraph on each page). */
async function expectBothWhole(team: Team, line: (page: Page) => Locator, expected: RegExp) {
  for (const page of [team.owner, team.teammate]) {
    const panel = new DocumentPanel(page);
    await expect(line(page)).toHaveText(expected);
    await panel.waitUntilSaved();
    expect(await occurrences(panel.editor, OWNER_SENTENCE)).toBe(1);
    expect(await occurrences(panel.editor, TEAMMATE_SENTENCE)).toBe(1);
  }
}

/** The same after both reload the page. */
async function expectBothWholeAfterReload(team: Team, line: (page: Page) => Locator, expected: RegExp) {
  await Promise.all([team.owner.reload(), team.teammate.reload()]);
  for (const page of [team.owner, team.teammate]) await new DocumentPanel(page).waitUntilReady();
  await expectBothWhole(team, line, expected);
}

test.describe.serial('co-editing one spot', () => {
  const live = liveTeam();
  let team: Team;
  test.beforeAll(() => {
    team = live.team;
  });

  test('both type into one empty paragraph at once: each sees both sentences whole, after a reload too', async ({}) => {
    const [owner, teammate] = [new DocumentPanel(team.owner), new DocumentPanel(team.teammate)];
    await owner.caretToEnd();
    await team.owner.keyboard.press('Enter');
    await team.owner.keyboard.insertText('Antes del hueco.');
    await team.owner.keyboard.press('Enter');
    await team.owner.keyboard.press('Enter');
    await team.owner.keyboard.insertText('Después del hueco.');
    await expect(teammate.editor).toContainText('Después del hueco.');

    const gap = (page: Page) => paragraphAfter(new DocumentPanel(page).editor, 'Antes del hueco.');
    await expect(gap(team.teammate)).toHaveText('');
    await owner.caretToLine(gap(team.owner), 'End');
    await expect.poll(() => teammate.othersCaretIn(gap(team.teammate))).toBe('start');
    await teammate.caretToLine(gap(team.teammate), 'End');
    await expect.poll(() => owner.othersCaretIn(gap(team.owner))).toBe('start');
    await typeAtOnce(team);

    const either = new RegExp(
      `^\\s*(${escaped(OWNER_SENTENCE)}\\s*${escaped(TEAMMATE_SENTENCE)}|${escaped(TEAMMATE_SENTENCE)}\\s*${escaped(OWNER_SENTENCE)})\\s*$`,
    );
    await expectBothWhole(team, gap, either);
    await expect(
      paragraphAfter(owner.editor, 'Antes del hueco.').locator('xpath=following-sibling::p[1]'),
    ).toHaveText('Después del hueco.');
    await expectBothWholeAfterReload(team, gap, either);
  });

  test('one types at the start of a line and the other at its end, at once: both sentences whole, after a reload too', async ({}) => {
    const [owner, teammate] = [new DocumentPanel(team.owner), new DocumentPanel(team.teammate)];
    // Each sentence is new in this test: the last one's are taken out first.
    await owner.editor.focus();
    await team.owner.keyboard.press('ControlOrMeta+a');
    await team.owner.keyboard.press('Backspace');
    await team.owner.keyboard.insertText('Una línea ya escrita.');
    const line = (page: Page) =>
      new DocumentPanel(page).editor.locator('p', { hasText: 'Una línea ya escrita.' });
    await expect(line(team.teammate)).toHaveText('Una línea ya escrita.');
    await expect(teammate.editor.locator('p')).toHaveCount(1);

    // Each places their caret once they see the other's where it was put, as a person would: the
    // other's caret drawn anew beside a Home or End not read yet put the caret back where the editor
    // last had it (the line's start, after the text was replaced).
    await owner.caretToLine(line(team.owner), 'Home');
    await expect.poll(() => teammate.othersCaretIn(line(team.teammate))).toBe('start');
    await teammate.caretToLine(line(team.teammate), 'End');
    await expect.poll(() => owner.othersCaretIn(line(team.owner))).toBe('end');
    await typeAtOnce(team);

    const whole = new RegExp(
      `^\\s*${escaped(OWNER_SENTENCE)}\\s*Una línea ya escrita\\.\\s*${escaped(TEAMMATE_SENTENCE)}\\s*$`,
    );
    await expectBothWhole(team, line, whole);
    await expectBothWholeAfterReload(team, line, whole);
  });
});
