import type { Locator, Page } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ChatPage } from '../pages/chat-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';

/** Presses Tab until `target` has the focus, as a keyboard user reaches a control (fails if it never does). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Moves through an open menu with the arrow keys to `item`. A menu opened from the keyboard puts the
 * focus on its first item a moment after it shows: the first arrow waits for that, and each next one for
 * the focus to have moved, so no press is lost or lands while the menu is still settling.
 */
async function arrowTo(page: Page, item: Locator, limit = 10) {
  const focusedItem = () =>
    item.evaluate((element) => {
      const active = document.activeElement;
      const menu = element.closest('[role="menu"]');
      return active && menu?.contains(active) && active.getAttribute('role') === 'menuitem'
        ? (active.textContent ?? '')
        : null;
    });
  await expect.poll(focusedItem, { message: 'an item of the open menu has the focus' }).not.toBeNull();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await item.evaluate((element) => element === document.activeElement)) return;
    const before = await focusedItem();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(focusedItem, { message: `the arrow moved the focus on from «${before}»` })
      .not.toBe(before);
  }
  throw new Error(`The arrows never reached ${item.toString()}`);
}

/** Presses Enter on `target` once the keyboard has reached it. */
async function activate(page: Page, target: Locator) {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/**
 * Keyboard only: every main dialog, menu and popover is opened and closed from the keyboard, and the
 * focus lands back on the control that opened it, never on the page body.
 */
test.describe('keyboard focus', () => {
  test('chat: the prompt library, its custom prompt form, the upgrade modal and the profile menu', async ({
    page,
    signUp,
  }) => {
    await signUp();
    const composer = page.getByRole('textbox', { name: 'Mensaje' });
    const libraryButton = page.getByRole('button', { name: 'Prompts', exact: true });
    const library = page.getByRole('dialog', { name: 'Biblioteca de prompts' });
    await expect(libraryButton).toBeVisible();

    // Its button opens it; its close button, then Escape, close it: back on the button.
    await activate(page, libraryButton);
    await expect(library).toBeVisible();
    await activate(page, library.getByRole('button', { name: 'Cerrar' }));
    await expect(library).toBeHidden();
    await expect(libraryButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(library).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(library).toBeHidden();
    await expect(libraryButton).toBeFocused();

    // Ctrl+K from the composer opens it and closes it again: back in the composer.
    await tabTo(page, composer);
    await page.keyboard.type('Un borrador');
    await page.keyboard.press('Control+k');
    await expect(library).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(library).toBeHidden();
    await expect(composer).toBeFocused();
    await expect(composer).toHaveValue('Un borrador');

    // The custom prompt form: Escape steps back to "Nuevo prompt", a second Escape closes the library.
    await page.keyboard.press('Control+k');
    const newPrompt = library.getByRole('button', { name: 'Nuevo prompt' });
    await activate(page, newPrompt);
    await expect(library.getByLabel('Nombre', { exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(newPrompt).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(library).toBeHidden();
    await expect(composer).toBeFocused();

    // The upgrade modal, opened from the sidebar.
    const upgrade = page.getByTestId('sidebar').getByRole('button', { name: 'Mejora al Plan Pro' });
    await activate(page, upgrade);
    const upgradeDialog = page.getByRole('dialog');
    await expect(upgradeDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(upgradeDialog).toBeHidden();
    await expect(upgrade).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(upgradeDialog).toBeVisible();
    await activate(page, upgradeDialog.getByRole('button', { name: 'Cerrar' }).last());
    await expect(upgradeDialog).toBeHidden();
    await expect(upgrade).toBeFocused();

    // The profile menu.
    const profile = page.getByRole('button', { name: /^Menú de perfil/ });
    await activate(page, profile);
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeHidden();
    await expect(profile).toBeFocused();
  });

  test("chat: the template dialog, from its list to a template's fields", async ({ page, signUp }) => {
    await signUp();
    const templateButton = page.getByRole('button', { name: 'Plantilla', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Usar una plantilla' });
    await expect(templateButton).toBeVisible();

    // The search takes the focus; a template chosen with Enter shows its fields, the first one focused.
    await activate(page, templateButton);
    await expect(dialog.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('facebook');
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: /Meta/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Generar' })).toBeVisible();
    await expect(dialog.getByRole('textbox').first()).toBeFocused();
    // Escape closes it from the fields: back on the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(templateButton).toBeFocused();
  });

  test('chat: the conversation is entered with Tab and left with Ctrl+Home and Ctrl+End, on a phone too, in both languages', async ({
    page,
    signUp,
  }, testInfo) => {
    await signUp();
    const chat = new ChatPage(page);
    for (const message of ['Escribe un eslogan para una librería', 'Otro para una panadería']) {
      await chat.ask(message);
      await chat.waitForReplyEnd();
    }
    const feed = page.getByRole('feed');
    const articles = feed.getByRole('article');
    const focusedArticle = feed.locator('article:focus');
    const composer = page.locator('textarea');
    // Above the conversation, the offline demo writer's banner: its button is the control before it.
    const before = chat.demoBanner.getByRole('button');

    for (const locale of ['es', 'en'] as const) {
      if (locale === 'en') await chat.reloadInEnglish();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(articles).toHaveCount(4);
        // At the newest entry, where "go to the latest message" is not shown.
        await page
          .locator('[data-chat-scroller]')
          .evaluate((element) => element.scrollTo(0, element.scrollHeight));
        await expect(
          page.getByRole('button', { name: /^(Ir al último mensaje|Go to the latest message)$/ }),
        ).toHaveCount(0);

        // Shift+Tab from the composer enters the last reply; Ctrl+Home leaves the feed upwards.
        await composer.focus();
        await page.keyboard.press('Shift+Tab');
        await expect
          .poll(() => feed.evaluate((element) => element.contains(document.activeElement)))
          .toBe(true);
        await page.keyboard.press('Control+Home');
        await expect(before).toBeFocused();
        await keepScreenshot(page, testInfo, `chat-feed-ctrl-home-${width}-${locale}`);

        // Tab comes back to the first entry; Page Down moves on; Ctrl+End goes to the composer.
        await page.keyboard.press('Tab');
        await expect(articles.first()).toBeFocused();
        await page.keyboard.press('PageDown');
        await expect(articles.nth(1)).toBeFocused();
        await keepScreenshot(page, testInfo, `chat-feed-page-down-${width}-${locale}`);
        await expect(focusedArticle).toHaveCount(1);
        await page.keyboard.press('Control+End');
        await expect(composer).toBeFocused();
      }
    }
  });

  test('projects: new folder, the project menu, move to folder, delete and rename', async ({
    page,
    signUp,
  }) => {
    await signUp();
    // The chat of a new account opens a project of its own: wait for it, so it is the one project the
    // page lists (leaving sooner raced its creation, and sometimes left two).
    await expect(page).toHaveURL(/\/chat\?project=[0-9a-f-]{36}/);
    const projects = new ProjectsPage(page);
    await projects.goto();
    await expect(page.getByTestId('project-row')).toHaveCount(1);
    const newFolder = page.getByRole('button', { name: 'Nueva carpeta', exact: true });
    const folderDialog = page.getByRole('dialog', { name: 'Nueva carpeta' });

    // New folder: Escape, then Cancel, hand the focus back to "Nueva carpeta".
    await activate(page, newFolder);
    await expect(folderDialog.getByLabel('Nombre de la carpeta')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(folderDialog).toBeHidden();
    await expect(newFolder).toBeFocused();
    await page.keyboard.press('Enter');
    await activate(page, folderDialog.getByRole('button', { name: 'Cancelar' }));
    await expect(folderDialog).toBeHidden();
    await expect(newFolder).toBeFocused();
    // One folder to move the project to; creating it also gives the focus back.
    await page.keyboard.press('Enter');
    await page.keyboard.type('Campañas');
    await page.keyboard.press('Enter');
    await expect(folderDialog).toBeHidden();
    await expect(newFolder).toBeFocused();

    const menuButton = page
      .getByTestId('project-row')
      .first()
      .getByRole('button', { name: /^Acciones de/ });
    const menu = page.getByRole('menu');

    // The ⋯ menu itself: Escape closes it onto its button.
    await activate(page, menuButton);
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A dialog opened from one of its items goes back to the ⋯ button, not to the body.
    for (const [item, title] of [
      ['Mover a carpeta', 'Mover a carpeta'],
      ['Eliminar', '¿Eliminar el proyecto?'],
    ] as const) {
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await arrowTo(page, menu.getByRole('menuitem', { name: item }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(menuButton).toBeFocused();
    }

    // Rename edits the name in place; Escape cancels it and the focus returns to the ⋯ button.
    await page.keyboard.press('Enter');
    await arrowTo(page, menu.getByRole('menuitem', { name: 'Cambiar nombre' }));
    await page.keyboard.press('Enter');
    const nameField = page.getByRole('textbox', { name: 'Nombre del proyecto' });
    await expect(nameField).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nameField).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Deleting the project removes the control the dialog was opened from: the focus stays on the page.
    await page.keyboard.press('Enter');
    await arrowTo(page, menu.getByRole('menuitem', { name: 'Eliminar' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: '¿Eliminar el proyecto?' });
    await activate(page, confirm.getByRole('button', { name: 'Eliminar' }));
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('project-row')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('workspace settings: the invite modal', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/workspace-settings');
    const addMembers = page.getByRole('button', { name: 'Añadir miembros' });
    const invite = page.getByRole('dialog', { name: 'Invitar a un compañero' });
    await expect(addMembers).toBeVisible();

    await activate(page, addMembers);
    await expect(invite).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(invite).toBeHidden();
    await expect(addMembers).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(invite).toBeVisible();
    await activate(page, invite.getByRole('button', { name: 'Cerrar' }).last());
    await expect(invite).toBeHidden();
    await expect(addMembers).toBeFocused();
  });

  test('API settings: a new key, its revoke confirmation, a new endpoint and its menu', async ({
    page,
    signUp,
  }) => {
    await signUp();
    await page.goto('/settings/api');
    const create = page.getByRole('button', { name: 'Crear clave' });
    const keyDialog = page.getByRole('dialog', { name: 'Crear clave de API' });
    await expect(create).toBeVisible();

    await activate(page, create);
    await expect(keyDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(keyDialog).toBeHidden();
    await expect(create).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(keyDialog.getByLabel('Nombre')).toBeFocused();
    await page.keyboard.type('Hoja de cálculo');
    await page.keyboard.press('Enter');
    const shown = page.getByRole('dialog', { name: 'Tu nueva clave de API' });
    await expect(shown).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
    // The empty state's button went with the list's first key: the list's own one has the focus.
    await expect(create).toBeFocused();

    const revoke = page.getByRole('button', { name: 'Revocar la clave «Hoja de cálculo»' });
    const confirm = page.getByRole('dialog', { name: '¿Revocar la clave «Hoja de cálculo»?' });
    await activate(page, revoke);
    await expect(confirm).toBeVisible();
    await activate(page, confirm.getByRole('button', { name: 'Cancelar' }));
    await expect(confirm).toBeHidden();
    await expect(revoke).toBeFocused();

    const add = page.getByRole('button', { name: 'Añadir endpoint' });
    const endpointForm = page.getByRole('dialog', { name: 'Añadir endpoint' });
    await activate(page, add);
    await expect(endpointForm.getByLabel('Dirección (URL)')).toBeFocused();
    // Only its address is checked when it is added; nothing listens there, and nothing is sent.
    await page.keyboard.type('http://127.0.0.1:9/hook');
    await activate(page, endpointForm.getByRole('checkbox', { name: /^Miembro incorporado/ }));
    await page.keyboard.press('Space');
    await activate(page, endpointForm.getByRole('button', { name: 'Añadir endpoint' }));
    const secret = page.getByRole('dialog', { name: 'Secreto de firma' });
    await expect(secret).toBeVisible();
    await activate(page, secret.getByRole('button', { name: 'Ya lo he guardado' }));
    await expect(secret).toBeHidden();
    await expect(add).toBeFocused();

    const more = page.getByRole('button', { name: 'Acciones de http://127.0.0.1:9/hook' });
    await activate(page, more);
    await arrowTo(page, page.getByRole('menuitem', { name: 'Editar' }));
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Editar endpoint' });
    await expect(edit).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await expect(more).toBeFocused();
  });

  test('subscription: the upgrade tabs, the sandbox checkout, add seats, the yearly switch and the cancel flow', async ({
    page,
    signUp,
  }) => {
    test.setTimeout(120_000);
    await signUp();
    await page.goto('/subscription');
    const main = page.getByRole('main');
    const upgrade = main.getByRole('button', { name: 'Mejora al Plan Pro' });
    const upgradeDialog = page.getByRole('dialog', { name: 'Mejora al Plan Pro' });
    await expect(upgrade).toBeVisible();

    // The billing tabs move with the arrows; Escape goes back to the button that opened the modal.
    await activate(page, upgrade);
    const yearly = upgradeDialog.getByRole('tab', { name: /^Anual/ });
    const monthly = upgradeDialog.getByRole('tab', { name: 'Mensual' });
    await tabTo(page, yearly);
    await page.keyboard.press('ArrowRight');
    await expect(monthly).toBeFocused();
    await expect(monthly).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(upgradeDialog).toBeHidden();
    await expect(upgrade).toBeFocused();

    // Bought monthly with the keyboard alone, through the sandbox checkout.
    await page.keyboard.press('Enter');
    await tabTo(page, yearly);
    await page.keyboard.press('ArrowRight');
    await expect(monthly).toHaveAttribute('aria-selected', 'true');
    await activate(page, upgradeDialog.getByRole('button', { name: 'Continuar con el pago' }));
    await expect(page).toHaveURL(/sandbox-checkout/);
    await activate(page, page.getByRole('button', { name: 'Confirmar el pago de prueba' }));
    await expect(page).toHaveURL(/\/chat(\?project=[0-9a-f-]+)?$/);
    await page.goto('/subscription');

    // Add seats: typed, sent with Enter; the focus returns to its button.
    const addSeats = main.getByRole('button', { name: 'Añadir asientos' });
    const seatsDialog = page.getByRole('dialog', { name: 'Añadir asientos' });
    await expect(addSeats).toBeVisible();
    await activate(page, addSeats);
    await tabTo(page, seatsDialog.getByLabel('Número de asientos'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(seatsDialog).toBeHidden();
    await expect(page.getByTestId('seats-used')).toHaveText('0 de 5 asientos ocupados');
    await expect(addSeats).toBeFocused();

    // The yearly switch, dismissed.
    const switchToYearly = main.getByRole('button', { name: 'Pasar a anual' });
    await activate(page, switchToYearly);
    await expect(page.getByRole('dialog', { name: '¿Pasar a facturación anual?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(switchToYearly).toBeFocused();

    // The cancel flow to its end: its button is gone afterwards, so the focus stays in the page.
    await activate(page, main.getByRole('button', { name: 'Cancelar suscripción' }));
    const offer = page.getByRole('dialog', { name: 'Antes de que te vayas' });
    await activate(page, offer.getByRole('button', { name: 'No, cancelar la suscripción' }));
    const cancelled = page.getByRole('dialog', { name: 'Suscripción cancelada' });
    await activate(page, cancelled.getByRole('button', { name: 'Ir a mi cuenta' }));
    await expect(cancelled).toBeHidden();
    await expect(main.getByRole('button', { name: 'Reanudar suscripción' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });
});
