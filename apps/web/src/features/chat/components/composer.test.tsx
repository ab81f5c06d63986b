import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Prompt, PromptGroup } from '@redacta/shared';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from './chat-session';
import { setViewport } from '../../../../test/viewport';
import { controlledStream, PROJECT_ID, renderChat, WORKSPACE_ID } from '../test/chat-fixtures';

const SEND = 'POST /api/chat/send-request-stream';
const LIBRARY = `GET /api/prompt/by-workspace/${WORKSPACE_ID}?language=es`;

const names: Prompt = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Ideas de nombres',
  text: 'Propón diez nombres para {{producto}}.',
  category: 'brainstorm',
  custom: false,
  language: 'es',
};
const CUSTOM_ID = 'cccccccc-0000-4000-8000-000000000001';
const shorten: Prompt = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Versión corta',
  text: 'Acorta este texto a la mitad.',
  category: 'rewriting',
  custom: false,
  language: 'es',
};
const groups = (): PromptGroup[] => [
  { key: 'recent', name: 'Recientes', prompts: [] },
  { key: 'custom', name: 'Personalizados', prompts: [] },
  { key: 'rewriting', name: 'Reescritura', prompts: [shorten] },
  { key: 'brainstorm', name: 'Lluvia de ideas', prompts: [names] },
];

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

function renderComposer(
  extra: Parameters<typeof renderChat>[1] = {},
  options?: Parameters<typeof renderChat>[2],
) {
  return renderChat(
    <Session />,
    {
      [LIBRARY]: () => json(200, groups()),
      'POST /api/prompt/custom': () => json(201, { id: CUSTOM_ID }),
      [`PATCH /api/prompt/custom/${CUSTOM_ID}`]: () => json(204),
      [`POST /api/prompt/${names.id}/use`]: () => json(204),
      [`POST /api/prompt/${shorten.id}/use`]: () => json(204),
      ...extra,
    },
    options,
  );
}

describe('composer and prompt library', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await startSignedOut();
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('saving a custom prompt or filling a prompt’s variables never sends the draft', async () => {
    const { callsTo } = renderComposer();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.type(box, 'Mi borrador');
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Nuevo prompt' }));
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Titular');
    await userEvent.type(within(dialog).getByLabelText('Texto del prompt'), 'Escribe un titular.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Prompt personalizado creado')).toBeInTheDocument();
    // Enter in a field of the form saves it too, and sends nothing either.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await userEvent.type(within(dialog).getByLabelText('Nombre'), '{Enter}');
    expect(await screen.findByText('Prompt personalizado guardado')).toBeInTheDocument();
    expect(callsTo(SEND)).toHaveLength(0);
    expect(box).toHaveValue('Mi borrador');

    await userEvent.click(within(dialog).getByRole('button', { name: /Lluvia de ideas/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar prompt' }));
    await userEvent.type(within(dialog).getByLabelText('producto'), 'una panadería{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(callsTo(SEND)).toHaveLength(0);
    expect(box).toHaveValue('Mi borrador\n\nPropón diez nombres para una panadería.');
  });

  it('a library prompt goes into a draft with text at the caret, never over it, and says so', async () => {
    renderComposer();
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Mensaje' });
    await userEvent.type(box, 'Sobre la tienda: abre a las nueve.');
    box.setSelectionRange(16, 16);
    await userEvent.click(screen.getByRole('button', { name: 'Prompts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Reescritura/ }));
    expect(within(dialog).getByText(/Se añadirá a tu borrador, donde está el cursor/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar prompt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(box).toHaveValue('Sobre la tienda:\n\nAcorta este texto a la mitad.\n\nabre a las nueve.');
    expect(
      await screen.findByText('Prompt añadido a tu borrador, donde estaba el cursor'),
    ).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe('Sobre la tienda:\n\nAcorta este texto a la mitad.'.length);
  });

  it('an empty composer takes the prompt as it is, without a note', async () => {
    renderComposer();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.click(screen.getByRole('button', { name: 'Prompts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Biblioteca de prompts' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Reescritura/ }));
    expect(within(dialog).queryByText(/Se añadirá a tu borrador/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar prompt' }));
    await waitFor(() => expect(box).toHaveValue('Acorta este texto a la mitad.'));
    expect(screen.queryByText(/Prompt añadido a tu borrador/)).not.toBeInTheDocument();
  });

  it('grows with its text up to 240 px and is back to its two rows once emptied', async () => {
    renderComposer();
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Mensaje' });
    // jsdom lays nothing out: the text's height is what a browser would measure for these lines.
    let textHeight = 130;
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => textHeight });
    await userEvent.type(box, 'Tres líneas de borrador');
    expect(box.style.height).toBe('130px');
    textHeight = 900;
    await userEvent.type(box, ' y muchas más');
    expect(box.style.height).toBe('240px');
    await userEvent.clear(box);
    expect(box.style.height).toBe('');
  });

  it('on a phone, the reply settings opened for a message close when it is sent, keeping what was chosen', async () => {
    setViewport(true);
    onTestFinished(() => setViewport(false));
    const { callsTo } = renderComposer({ [SEND]: (_body, init) => controlledStream(init.signal).response });
    const settings = await screen.findByRole('button', { name: 'Ajustes de la respuesta' });
    await userEvent.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(settings.getAttribute('aria-controls')!)!;
    // jsdom has no stylesheet: the classes say whether a phone shows the controls.
    expect(panel).not.toHaveClass('hidden');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Tono' }), 'formal');

    await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'Un eslogan{Enter}');
    await waitFor(() => expect(callsTo(SEND)).toHaveLength(1));
    expect(callsTo(SEND)[0]!.body).toMatchObject({ tone: 'formal' });
    expect(screen.getByRole('button', { name: 'Ajustes de la respuesta (1)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(panel).toHaveClass('hidden', 'md:contents');
  });
});

describe('Improve', { timeout: 20_000 }, () => {
  beforeEach(startSignedOut);
  const improved = 'Escribe 10 nombres cortos y memorables para una panadería';
  const IMPROVE = 'POST /api/chat/improve';

  it('is undone and redone with one button, which keeps the focus', async () => {
    renderComposer({ [IMPROVE]: () => json(200, { text: improved, wordsCharged: 9, remaining: 1981 }) });
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.type(box, 'nombres panadería');
    expect(screen.queryByRole('button', { name: 'Deshacer la mejora' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mejorar prompt' }));
    await waitFor(() => expect(box).toHaveValue(improved));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Texto mejorado. Para recuperar el original, pulsa Deshacer o Ctrl+Z.',
    );

    const undo = screen.getByRole('button', { name: 'Deshacer la mejora' });
    await userEvent.click(undo);
    expect(box).toHaveValue('nombres panadería');
    expect(undo).toHaveAccessibleName('Rehacer la mejora');
    expect(undo).toHaveFocus();
    await userEvent.click(undo);
    expect(box).toHaveValue(improved);
    expect(undo).toHaveAccessibleName('Deshacer la mejora');

    // Writing on the improved text leaves undo to the field itself.
    await userEvent.type(box, '.');
    expect(screen.queryByRole('button', { name: /la mejora/ })).not.toBeInTheDocument();
  });

  it('Ctrl+Z in the message field brings the original back, Ctrl+Y the improved text', async () => {
    renderComposer({ [IMPROVE]: () => json(200, { text: improved, wordsCharged: 9, remaining: 1981 }) });
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.type(box, 'nombres panadería');
    await userEvent.click(screen.getByRole('button', { name: 'Mejorar prompt' }));
    await waitFor(() => expect(box).toHaveValue(improved));
    box.focus();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(box).toHaveValue('nombres panadería');
    await userEvent.keyboard('{Control>}y{/Control}');
    expect(box).toHaveValue(improved);
    await userEvent.keyboard('{Meta>}z{/Meta}');
    expect(box).toHaveValue('nombres panadería');
    await userEvent.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    expect(box).toHaveValue(improved);
  });

  it('with no words left it is disabled and says why, as Send does, and asks the server nothing', async () => {
    const { callsTo } = renderComposer({}, { remaining: 0 });
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await userEvent.type(box, 'nombres');
    const improve = screen.getByRole('button', { name: 'Mejorar prompt' });
    expect(improve).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    // Its hint shows on keyboard focus: the wrapper is the focusable part.
    act(() => improve.parentElement!.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('¡No te quedan palabras!');
    await userEvent.click(improve);
    expect(callsTo(IMPROVE)).toHaveLength(0);
  });
});

describe('the message limit', { timeout: 20_000 }, () => {
  beforeEach(startSignedOut);

  it('shows a counter near the limit, and past it a disabled Send that says why; nothing is sent', async () => {
    const { callsTo } = renderComposer();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    // Pasted, as a long text arrives: typing 8,000 characters one by one would take the test's time.
    await userEvent.click(box);
    await userEvent.paste('a'.repeat(7000));
    expect(screen.queryByTestId('composer-counter')).not.toBeInTheDocument();

    await userEvent.paste('a'.repeat(500));
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('7500 / 8000 caracteres');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();

    await userEvent.paste('a'.repeat(512));
    const counter = screen.getByTestId('composer-counter');
    expect(counter).toHaveTextContent('Sobran 12 caracteres: acórtalo para enviarlo.');
    expect(counter).toHaveTextContent('8012 / 8000 caracteres');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mejorar prompt' })).toBeDisabled();
    act(() => send.parentElement!.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Tu mensaje supera el límite de 8000 caracteres',
    );
    await userEvent.type(box, '{Enter}');
    expect(callsTo(SEND)).toHaveLength(0);
    expect(screen.queryByText('Fallo al generar respuesta')).not.toBeInTheDocument();

    // Back under the limit, it can be sent again.
    await userEvent.type(box, '{Backspace}'.repeat(13));
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });
});
