import type { Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { chooseLanguage } from '../support/language.ts';

/** Lets dialogs finish fading in, then keeps the screenshot with the other specs' ones. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(400);
  await keepScreenshot(page, testInfo, name);
}

/** Signs a new user up and opens "Mis proyectos". */
async function signUpOnProjects(page: Page, signUp: () => Promise<unknown>) {
  const projects = new ProjectsPage(page);
  await signUp();
  await projects.goto();
  return projects;
}

test.describe('projects and folders', () => {
  test('folder, two projects, move, share, inline rename, folder delete keeps projects, multi-select delete', async ({
    page,
    signUp,
  }) => {
    const projects = await signUpOnProjects(page, signUp);

    await projects.createFolder('Clientes');
    await expect(projects.folderCard('Clientes')).toContainText('0 proyectos');

    // New project: the chat opens on it and it becomes the stored project.
    const first = await projects.createProject();
    expect(await page.evaluate(() => localStorage.getItem('projectId'))).toBe(first);
    await projects.goto();
    const second = await projects.createProject();
    expect(await page.evaluate(() => localStorage.getItem('projectId'))).toBe(second);
    await projects.goto();
    await expect(projects.row(first)).toBeVisible();
    await expect(projects.row(second)).toBeVisible();

    // Move the first into the folder: it leaves the top level, the folder counts it.
    await projects.moveToFolder(first, 'Clientes');
    await expect(projects.row(first)).toHaveCount(0);
    await expect(projects.folderCard('Clientes')).toContainText('1 proyecto');

    // Inside the folder: share it, then rename it inline.
    await projects.openFolder('Clientes');
    await expect(projects.row(first)).toBeVisible();
    await projects.projectAction(first, 'Compartir con el equipo');
    await expect(projects.toast('El proyecto ya está disponible para tu equipo')).toBeVisible();
    await expect(projects.row(first).getByText('Equipo', { exact: true })).toBeVisible();
    await expect(projects.row(first)).toContainText('Compartido por ti');
    await projects.renameInline(first, 'Plan de lanzamiento');
    await page.reload();
    await expect(projects.row(first).getByRole('link', { name: 'Plan de lanzamiento' })).toBeVisible();
    await expect(projects.row(first).getByText('Equipo', { exact: true })).toBeVisible();

    // The sidebar's recent list has it, and opening it from there marks it as the open one.
    const recent = page.getByRole('region', { name: 'Recientes' });
    await recent.getByRole('link', { name: 'Plan de lanzamiento' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat\\?project=${first}`));
    await expect(recent.getByRole('link', { name: 'Plan de lanzamiento' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await page.evaluate(() => localStorage.getItem('projectId'))).toBe(first);

    // Deleting the folder says where its projects go, and they go there.
    await projects.goto();
    const folderMenu = await projects.openMenu('Clientes');
    await folderMenu.getByRole('menuitem', { name: 'Eliminar' }).click();
    const folderDialog = page.getByRole('dialog', { name: '¿Eliminar la carpeta «Clientes»?' });
    await expect(folderDialog).toContainText('El proyecto que contiene no se elimina: pasa a Mis proyectos');
    await folderDialog.getByRole('button', { name: 'Eliminar carpeta' }).click();
    await expect(projects.toast('Carpeta eliminada correctamente.')).toBeVisible();
    await expect(projects.folderCard('Clientes')).toHaveCount(0);
    await expect(projects.row(first).getByRole('link', { name: 'Plan de lanzamiento' })).toBeVisible();

    // Multi-select delete with the confirmation modal: one toast for both.
    await projects.select(first);
    await projects.select(second);
    await expect(projects.selectionBar).toContainText('2 proyectos seleccionados');
    await projects.selectionBar.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar 2 proyectos?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(projects.toast('Proyectos eliminados correctamente')).toBeVisible();
    await expect(projects.row(first)).toHaveCount(0);
    await expect(projects.row(second)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(/^Proyectos de /)).toBeVisible();
    await expect(projects.row(first)).toHaveCount(0);
    await expect(projects.row(second)).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('at 390 px: header actions in the mobile header, bottom-sheet form, touch-sized list, no sideways scroll', async ({
      page,
      signUp,
    }) => {
      const projects = await signUpOnProjects(page, signUp);
      const header = page.getByTestId('mobile-header');
      await expect(header.getByRole('button', { name: 'Nueva carpeta' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Nuevo proyecto' })).toBeVisible();

      await header.getByRole('button', { name: 'Nueva carpeta' }).click();
      const sheet = page.getByRole('dialog', { name: 'Nueva carpeta' });
      await expect(sheet).toBeVisible();
      const box = (await sheet.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(844);
      expect(Math.round(box.width)).toBe(390);
      await sheet.getByLabel('Nombre de la carpeta').fill('Móvil');
      await sheet.getByRole('button', { name: 'Crear carpeta' }).click();
      await expect(projects.toast('Carpeta creada correctamente')).toBeVisible();

      await projects.waitForToastsToGo();
      await header.getByRole('button', { name: 'Nuevo proyecto' }).click();
      await expect(page).toHaveURL(/\/chat\?project=/);
      const id = new URL(page.url()).searchParams.get('project')!;
      await projects.goto();

      const menuButton = projects.row(id).getByRole('button', { name: /^Acciones de/ });
      const target = (await menuButton.boundingBox())!;
      expect(target.height).toBeGreaterThanOrEqual(32);
      await menuButton.tap();
      await page.getByRole('menuitem', { name: 'Compartir con el equipo' }).tap();
      await expect(projects.toast('El proyecto ya está disponible para tu equipo')).toBeVisible();
      await projects.row(id).getByRole('checkbox').tap();
      await expect(projects.selectionBar).toContainText('1 proyecto seleccionado');
      await expect(projects.selectionBar).toBeInViewport();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The whole row opens the project, not just its name.
      await projects.row(id).tap({ position: { x: 220, y: 40 } });
      await expect(page).toHaveURL(new RegExp(`/chat\\?project=${id}`));
      expect(await page.evaluate(() => localStorage.getItem('projectId'))).toBe(id);

      // The mobile menu has the recent list too, the open project marked.
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const recent = page.getByTestId('mobile-menu').getByRole('region', { name: 'Recientes' });
      await expect(recent.locator('a[aria-current="page"]')).toHaveAttribute('href', `/chat?project=${id}`);
    });
  });

  test('screenshots of /projects with data and empty, 1280 and 390 px, Spanish and English', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(120_000);
    const projects = await signUpOnProjects(page, signUp);

    const empty = async (locale: string) => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(page.getByTestId('project-row')).toHaveCount(0);
        await shoot(page, testInfo, `projects-empty-${locale}-${width}`);
      }
    };
    // The chat may open a first project by itself: clear the list to see the empty state.
    for (const row of await page.getByTestId('project-row').all()) {
      await row.getByRole('checkbox').check();
    }
    if (await projects.selectionBar.isVisible()) {
      await projects.selectionBar.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(page.getByTestId('project-row')).toHaveCount(0);
    }
    await empty('es');

    await page.setViewportSize({ width: 1280, height: 844 });
    await projects.createFolder('Clientes 2027');
    await projects.createFolder('Redes sociales');
    const ids: string[] = [];
    for (const name of [
      'Lanzamiento de la app de reservas',
      'Newsletter de diciembre',
      'Guion para el vídeo de marca',
    ]) {
      ids.push(await projects.createProject());
      await projects.goto();
      await projects.renameInline(ids.at(-1)!, name);
    }
    await projects.moveToFolder(ids[0]!, 'Clientes 2027');
    await projects.projectAction(ids[1]!, 'Compartir con el equipo');
    await expect(projects.toast('El proyecto ya está disponible para tu equipo')).toBeVisible();
    await projects.select(ids[2]!);

    const full = async (locale: string) => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(page.getByTestId('project-row')).toHaveCount(2);
        await shoot(page, testInfo, `projects-data-${locale}-${width}`);
      }
    };
    await full('es');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 844 });
    await shoot(page, testInfo, 'projects-data-es-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // The forms: a bottom sheet on the phone, a centred dialog on the desktop; and one folder open.
    await projects.projectAction(ids[2]!, 'Mover a carpeta');
    await expect(page.getByRole('dialog', { name: 'Mover a carpeta' })).toBeVisible();
    await shoot(page, testInfo, 'projects-move-es-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 844 });
    await (await projects.openMenu('Clientes 2027')).getByRole('menuitem', { name: 'Eliminar' }).click();
    await expect(page.getByRole('dialog')).toContainText('El proyecto que contiene no se elimina');
    await shoot(page, testInfo, 'projects-delete-folder-es-1280');
    await page.keyboard.press('Escape');
    await projects.openFolder('Clientes 2027');
    await expect(projects.row(ids[0]!)).toBeVisible();
    await shoot(page, testInfo, 'projects-folder-es-1280');
    await projects.backToAll();

    await chooseLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My projects' })).toBeVisible();
    await projects.select(ids[2]!);
    await full('en');

    await page.setViewportSize({ width: 1280, height: 844 });
    // Folders first: their projects come back to the top level, then all of them go at once.
    for (const folder of ['Clientes 2027', 'Redes sociales']) {
      await page.getByRole('button', { name: `Actions for “${folder}”` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
      await expect(page.getByTestId('folder-card').filter({ hasText: folder })).toHaveCount(0);
    }
    await page.getByRole('checkbox', { name: 'Select every project you can change' }).check();
    await projects.selectionBar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Projects deleted successfully!' }),
    ).toBeVisible();
    await page.waitForTimeout(2500); // let the toasts go before the empty-state pictures
    await empty('en');
  });
});
