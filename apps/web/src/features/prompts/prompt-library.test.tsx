import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Prompt, PromptGroup } from '@redacta/shared';
import { fakeApi, json } from '../../../test/render';
import { renderInSession, startAsAna } from '../../../test/session';
import { WORKSPACE_ID as W, workspaceFixture } from '../../../test/fixtures';
import { changeLocale } from '@/lib/i18n';
import { PromptLibraryButton } from '@/features/prompts';

const workspace = workspaceFixture();

const builtIn = (id: string, category: string, name: string, text: string): Prompt => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  name,
  text,
  category,
  custom: false,
  language: 'es',
});
const shorten = builtIn(
  '01',
  'rewriting',
  'Versión corta',
  'Acorta este texto a la mitad sin perder el mensaje.',
);
const names = builtIn(
  '02',
  'brainstorm',
  'Ideas de nombres',
  'Propón diez nombres para {{producto}} dirigidos a {{público}}. Explica cada uno en una línea.',
);
const meta = builtIn(
  '03',
  'seo',
  'Meta descripción',
  'Escribe una meta descripción de 155 caracteres sobre {{tema}}.',
);

const groups = (): PromptGroup[] => [
  { key: 'recent', name: 'Recientes', prompts: [] },
  { key: 'custom', name: 'Personalizados', prompts: [] },
  { key: 'rewriting', name: 'Reescritura', prompts: [shorten] },
  { key: 'brainstorm', name: 'Lluvia de ideas', prompts: [names] },
  { key: 'seo', name: 'SEO', prompts: [meta] },
];

function renderLibrary(handlers: Parameters<typeof fakeApi>[0] = {}, onOuterSubmit?: () => void) {
  const onUse = vi.fn();
  const button = <PromptLibraryButton onUse={onUse} />;
  // A form around the button stands for any page that places the library inside one of its own.
  const element = onOuterSubmit ? (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onOuterSubmit();
      }}
    >
      {button}
    </form>
  ) : (
    button
  );
  const { calls } = renderInSession([{ path: '/chat', element }], {
    'GET /api/workspace/list': () => json(200, [workspace]),
    [`GET /api/prompt/by-workspace/${W}?language=es`]: () => json(200, groups()),
    ...handlers,
  });
  return { onUse, calls };
}

async function openLibrary() {
  await userEvent.click(await screen.findByRole('button', { name: 'Prompts' }));
  return screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
}

/** The prompts listed (the language select has options too). */
function optionNames(dialog: HTMLElement) {
  const list = within(dialog).queryByRole('listbox');
  if (!list) return [];
  return within(list)
    .queryAllByRole('option')
    .map((option) => within(option).getAllByText(/./)[0]!.textContent);
}

describe('prompt library', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await startAsAna();
    // jsdom lays nothing out, so it has no scrollIntoView; the list scrolls the active option into view.
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('a prompt being written is not thrown away without a question: Escape and Cancel ask first', async () => {
    const { calls } = renderLibrary();
    const dialog = await openLibrary();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
    // Nothing typed yet: Cancel just goes back to the list.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).queryByLabelText('Nombre')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Titular');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Seguir editando' }));
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Titular');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const again = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Nombre')).not.toBeInTheDocument());
    expect(calls.some((call) => call.key === 'POST /api/prompt/custom')).toBe(false);
  });

  it('search ignores accents and case, across names and texts', async () => {
    renderLibrary();
    const dialog = await openLibrary();
    const search = within(dialog).getByRole('combobox', { name: 'Buscar prompts' });
    expect(search).toHaveFocus();
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Versión corta']));

    await userEvent.type(search, 'VERSION');
    expect(optionNames(dialog)).toEqual(['Versión corta']);
    expect(within(dialog).getByText('1 resultado')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'publico nombres');
    expect(optionNames(dialog)).toEqual(['Ideas de nombres']);

    await userEvent.clear(search);
    await userEvent.type(search, 'descripcion');
    expect(optionNames(dialog)).toEqual(['Meta descripción']);

    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(within(dialog).getByText('Ningún prompt coincide con «zzz».')).toBeInTheDocument();
  });

  it('using a prompt with variables asks for them, fills the text, records the use and lands in Recientes', async () => {
    const { onUse, calls } = renderLibrary({ [`POST /api/prompt/${names.id}/use`]: () => json(204) });
    const dialog = await openLibrary();
    await userEvent.click(within(dialog).getByRole('button', { name: /Lluvia de ideas/ }));
    expect(within(dialog).getByRole('heading', { name: 'Ideas de nombres' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar prompt' }));

    await userEvent.type(within(dialog).getByLabelText('producto'), 'una app de recetas');
    await userEvent.type(within(dialog).getByLabelText('público'), 'familias jóvenes');
    const filled =
      'Propón diez nombres para una app de recetas dirigidos a familias jóvenes. Explica cada uno en una línea.';
    expect(within(dialog).getByText(filled)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar prompt' }));

    await waitFor(() => expect(onUse).toHaveBeenCalledWith(filled, names.id));
    expect(calls.find((call) => call.key === `POST /api/prompt/${names.id}/use`)?.body).toEqual({
      workspaceId: W,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const again = await openLibrary();
    await userEvent.click(within(again).getByRole('button', { name: /Recientes/ }));
    expect(optionNames(again)).toEqual(['Ideas de nombres']);
  });

  it('keyboard: Ctrl+K opens, arrows move, Enter uses a prompt without variables, Escape closes', async () => {
    const { onUse } = renderLibrary({ [`POST /api/prompt/${meta.id}/use`]: () => json(204) });
    await screen.findByRole('button', { name: 'Prompts' });
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
    const search = within(dialog).getByRole('combobox', { name: 'Buscar prompts' });
    await userEvent.type(search, 'e');
    expect(optionNames(dialog)).toEqual(['Versión corta', 'Ideas de nombres', 'Meta descripción']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(
      within(within(dialog).getByRole('listbox')).getByRole('option', { selected: true }),
    ).toHaveTextContent('Meta descripción');
    await userEvent.keyboard('{ArrowUp}');
    expect(
      within(within(dialog).getByRole('listbox')).getByRole('option', { selected: true }),
    ).toHaveTextContent('Ideas de nombres');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.keyboard('{Control>}k{/Control}');
    const reopened = await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
    await userEvent.click(within(reopened).getByRole('button', { name: /Reescritura/ }));
    await userEvent.click(within(reopened).getByRole('combobox', { name: 'Buscar prompts' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onUse).toHaveBeenCalledWith(shorten.text, shorten.id));
  });

  it('custom prompts: a new one goes to the top of Personalizados, edit changes it, delete asks first', async () => {
    const older: Prompt = {
      id: 'cccccccc-0000-4000-8000-000000000001',
      name: 'Asunto de correo',
      text: 'Escribe cinco asuntos para {{campaña}}.',
      category: null,
      custom: true,
      language: 'es',
    };
    const newer: Prompt = {
      ...older,
      id: 'cccccccc-0000-4000-8000-000000000003',
      name: 'Post de lanzamiento',
    };
    const created = 'cccccccc-0000-4000-8000-000000000002';
    let editStatus = 500;
    const { calls } = renderLibrary({
      [`GET /api/prompt/by-workspace/${W}?language=es`]: () =>
        json(
          200,
          groups().map((group) => (group.key === 'custom' ? { ...group, prompts: [older, newer] } : group)),
        ),
      'POST /api/prompt/custom': () => json(201, { id: created }),
      [`PATCH /api/prompt/custom/${created}`]: () =>
        editStatus === 204 ? json(204) : json(500, { error: { code: 'INTERNAL', message: 'x' } }),
      [`DELETE /api/prompt/custom/${created}`]: () => json(204),
    });
    const dialog = await openLibrary();
    await userEvent.click(within(dialog).getByRole('button', { name: /Personalizados/ }));
    // The server lists them oldest first; the library shows the loaded list reversed.
    expect(optionNames(dialog)).toEqual(['Post de lanzamiento', 'Asunto de correo']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getAllByText('Este campo es obligatorio')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Titular de oferta');
    await userEvent.type(
      within(dialog).getByLabelText('Texto del prompt'),
      'Escribe un titular para la oferta.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Prompt personalizado creado')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/prompt/custom')?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: W,
      language: 'es',
      name: 'Titular de oferta',
      text: 'Escribe un titular para la oferta.',
    });
    expect(optionNames(dialog)).toEqual(['Titular de oferta', 'Post de lanzamiento', 'Asunto de correo']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const name = within(dialog).getByLabelText('Nombre');
    await userEvent.clear(name);
    await userEvent.type(name, 'Titular de rebajas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se pudo cambiar el prompt personalizado')).toBeInTheDocument();
    editStatus = 204;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(optionNames(dialog)).toEqual(['Titular de rebajas', 'Post de lanzamiento', 'Asunto de correo']),
    );
    expect(calls.filter((call) => call.key === `PATCH /api/prompt/custom/${created}`).at(-1)?.body).toEqual({
      name: 'Titular de rebajas',
      text: 'Escribe un titular para la oferta.',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar el prompt?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Post de lanzamiento', 'Asunto de correo']));
    expect(calls.some((call) => call.key === `DELETE /api/prompt/custom/${created}`)).toBe(true);
  });

  it('two prompts saved one right after the other, each from its own form, are both created', async () => {
    const ids = ['cccccccc-0000-4000-8000-000000000011', 'cccccccc-0000-4000-8000-000000000012'];
    const { calls } = renderLibrary({ 'POST /api/prompt/custom': () => json(201, { id: ids.shift() }) });
    const dialog = await openLibrary();
    // A quick hand, or a script: the clock stands still, so the second Save comes within a double
    // click's half second of the first, but from a form opened by a press of its own.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    for (const name of ['Primero', 'Segundo']) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
      await userEvent.type(within(dialog).getByLabelText('Nombre'), name);
      await userEvent.type(within(dialog).getByLabelText('Texto del prompt'), `Texto de ${name}.`);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
      await waitFor(() => expect(optionNames(dialog)).toContain(name));
    }
    now.mockRestore();
    expect(calls.filter((call) => call.key === 'POST /api/prompt/custom').map((call) => call.body)).toEqual([
      expect.objectContaining({ name: 'Primero' }),
      expect.objectContaining({ name: 'Segundo' }),
    ]);
  });

  it('a workspace with as many custom prompts as it may keep: the error says so and the form keeps what was typed', async () => {
    renderLibrary({
      'POST /api/prompt/custom': () => json(409, { error: { code: 'CUSTOM_PROMPTS_FULL', message: 'full' } }),
    });
    const dialog = await openLibrary();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Titular de oferta');
    await userEvent.type(within(dialog).getByLabelText('Texto del prompt'), 'Escribe un titular.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Este espacio de trabajo ya tiene el máximo de prompts personalizados. Elimina uno para crear otro.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Titular de oferta');
    expect(within(dialog).getByLabelText('Texto del prompt')).toHaveValue('Escribe un titular.');
  });

  it('its forms submit only themselves, even when the library is placed inside another form', async () => {
    const outerSubmit = vi.fn();
    const { onUse } = renderLibrary(
      {
        'POST /api/prompt/custom': () => json(201, { id: 'cccccccc-0000-4000-8000-000000000009' }),
        [`POST /api/prompt/${names.id}/use`]: () => json(204),
      },
      outerSubmit,
    );
    const dialog = await openLibrary();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Titular');
    await userEvent.type(within(dialog).getByLabelText('Texto del prompt'), 'Escribe un titular.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Prompt personalizado creado')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: /Lluvia de ideas/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar prompt' }));
    await userEvent.type(within(dialog).getByLabelText('producto'), 'una app{Enter}');
    await waitFor(() => expect(onUse).toHaveBeenCalled());
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('closing hands the focus back to where it was: the button, a field (Ctrl+K, Escape), else the button', async () => {
    const custom: Prompt = { ...shorten, id: 'cccccccc-0000-4000-8000-000000000005', custom: true };
    const onUse = vi.fn();
    renderInSession(
      [
        {
          path: '/chat',
          element: (
            <>
              <textarea aria-label="Borrador" />
              <PromptLibraryButton onUse={onUse} />
            </>
          ),
        },
      ],
      {
        'GET /api/workspace/list': () => json(200, [workspace]),
        [`GET /api/prompt/by-workspace/${W}?language=es`]: () =>
          json(
            200,
            groups().map((group) => (group.key === 'custom' ? { ...group, prompts: [custom] } : group)),
          ),
      },
    );
    const button = await screen.findByRole('button', { name: 'Prompts' });
    let dialog = await openLibrary();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(button).toHaveFocus());

    const field = screen.getByRole('textbox', { name: 'Borrador' });
    await userEvent.click(field);
    await userEvent.keyboard('{Control>}k{/Control}');
    dialog = await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
    await userEvent.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field).toHaveFocus());

    await userEvent.keyboard('{Control>}k{/Control}');
    dialog = await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
    // Escape steps back from the custom prompt form, to the button that opened it.
    const newPrompt = within(dialog).getByRole('button', { name: 'Nuevo prompt' });
    await userEvent.click(newPrompt);
    expect(within(dialog).getByLabelText('Nombre')).toHaveFocus();
    // Ctrl+K does not throw away a prompt being written.
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.keyboard('{Escape}');
    expect(newPrompt).toHaveFocus();
    // Cancelling an edit lands on the prompt's Edit button.
    await userEvent.click(within(dialog).getByRole('button', { name: /Personalizados/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).getByRole('button', { name: 'Editar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field).toHaveFocus());

    // Opened while nothing had the focus: it goes to the library's button.
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('custom prompts carry their language; the library switches language and saves a prompt in the one picked', async () => {
    const spanish: Prompt = {
      id: 'cccccccc-0000-4000-8000-000000000011',
      name: 'Asunto de correo',
      text: 'Escribe cinco asuntos.',
      category: null,
      custom: true,
      language: 'es',
    };
    const english: Prompt = {
      ...spanish,
      id: 'cccccccc-0000-4000-8000-000000000012',
      name: 'Email subject',
      language: 'en',
    };
    const withCustom = (prompt: Prompt, names: [string, string]) =>
      groups().map((group) =>
        group.key === 'custom'
          ? { ...group, name: names[1], prompts: [prompt] }
          : group.key === 'recent'
            ? { ...group, name: names[0] }
            : group,
      );
    const created = 'cccccccc-0000-4000-8000-000000000013';
    const { calls } = renderLibrary({
      [`GET /api/prompt/by-workspace/${W}?language=es`]: () =>
        json(200, withCustom(spanish, ['Recientes', 'Personalizados'])),
      [`GET /api/prompt/by-workspace/${W}?language=en`]: () =>
        json(200, withCustom(english, ['Recent', 'Custom'])),
      'POST /api/prompt/custom': () => json(201, { id: created }),
    });
    const dialog = await openLibrary();
    const language = within(dialog).getByRole('combobox', { name: 'Prompts en' });
    // The interface language by default.
    expect(language).toHaveValue('es');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Personalizados/ }));
    expect(optionNames(dialog)).toEqual(['Asunto de correo']);
    expect(
      within(within(dialog).getByRole('listbox')).getByRole('img', { name: 'En español' }),
    ).toHaveTextContent('ES');

    await userEvent.selectOptions(language, 'English');
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Email subject']));
    // Recientes and Personalizados keep the interface's names.
    expect(within(dialog).getByRole('button', { name: /Personalizados/ })).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('listbox')).getByRole('img', { name: 'En inglés' }),
    ).toHaveTextContent('EN');
    expect(
      within(dialog).getByRole('heading', { name: 'Email subject' }).previousElementSibling,
    ).toContainElement(within(dialog).getAllByRole('img', { name: 'En inglés' }).at(-1)!);

    await userEvent.selectOptions(language, 'Español');
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Asunto de correo']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
    const spanishChoice = within(dialog).getByRole('radio', { name: 'Español' });
    expect(spanishChoice).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Headline');
    await userEvent.type(within(dialog).getByLabelText('Texto del prompt'), 'Write a headline.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'English' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Prompt personalizado creado')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/prompt/custom')?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: W,
      language: 'en',
      name: 'Headline',
      text: 'Write a headline.',
    });
    // Saved in English, so the library now shows English prompts, the new one first.
    expect(language).toHaveValue('en');
    expect(optionNames(dialog)).toEqual(['Headline', 'Email subject']);
  });

  it('the preview is a named region the keyboard can reach, so a long prompt scrolls without a mouse', async () => {
    renderLibrary();
    const dialog = await openLibrary();
    const preview = await within(dialog).findByRole('region', { name: 'Versión corta' });
    expect(preview).toHaveAttribute('tabindex', '0');
    expect(preview).toHaveTextContent(shorten.text);
  });

  it('opens in English when the interface is in English', async () => {
    await changeLocale('en');
    renderLibrary({ [`GET /api/prompt/by-workspace/${W}?language=en`]: () => json(200, groups()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Prompts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prompt library' });
    expect(within(dialog).getByRole('combobox', { name: 'Prompts in' })).toHaveValue('en');
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Versión corta']));
  });

  it('a failed load says "No se pudieron recuperar los prompts" and can try again', async () => {
    let fail = true;
    renderLibrary({
      [`GET /api/prompt/by-workspace/${W}?language=es`]: () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, groups()),
    });
    const dialog = await openLibrary();
    expect(await within(dialog).findByText('No se pudieron recuperar los prompts')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(optionNames(dialog)).toEqual(['Versión corta']));
  });
});
