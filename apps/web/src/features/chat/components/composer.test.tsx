import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Prompt, PromptGroup } from '@redacta/shared';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { useSession } from '@/features/session';
import { ChatSession } from './chat-session';
import { PROJECT_ID, renderChat, WORKSPACE_ID } from '../test/chat-fixtures';

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
const groups = (): PromptGroup[] => [
  { key: 'recent', name: 'Recientes', prompts: [] },
  { key: 'custom', name: 'Personalizados', prompts: [] },
  { key: 'brainstorm', name: 'Lluvia de ideas', prompts: [names] },
];

function Session() {
  const { workspace } = useSession();
  return workspace ? <ChatSession workspace={workspace} projectId={PROJECT_ID} onInsert={() => {}} /> : null;
}

function renderComposer(extra: Parameters<typeof renderChat>[1] = {}) {
  return renderChat(<Session />, {
    [LIBRARY]: () => json(200, groups()),
    'POST /api/prompt/custom': () => json(201, { id: CUSTOM_ID }),
    [`PATCH /api/prompt/custom/${CUSTOM_ID}`]: () => json(204),
    [`POST /api/prompt/${names.id}/use`]: () => json(204),
    ...extra,
  });
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
  });
});
