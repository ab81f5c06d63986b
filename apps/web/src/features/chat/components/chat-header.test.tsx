import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../../test/render';
import { startSignedOut } from '../../../../test/session';
import { PROJECT_ID, projectFixture, renderChat, WORKSPACE_ID } from '../test/chat-fixtures';
import { ChatHeaderActions, ChatTitle } from './chat-header';
import { DOUBLE_CLICK_MS } from '@/lib/use-create-once';

const RENAME = `PATCH /api/project/rename/${PROJECT_ID}`;

function renderTitle(renameStatus = 200) {
  return renderChat(<ChatTitle />, {
    [RENAME]: (body) =>
      renameStatus === 200
        ? json(200, { ...projectFixture, name: (body as { name: string }).name })
        : json(renameStatus, { error: { code: 'INTERNAL', message: 'boom' } }),
  });
}

async function editTitle() {
  await userEvent.click(await screen.findByRole('button', { name: /Campaña de otoño/ }));
  return screen.getByRole('textbox', { name: 'Nombre del proyecto' });
}

describe('chat header', () => {
  beforeEach(startSignedOut);

  it('click edits the title; Enter renames when the name changed', async () => {
    const { callsTo } = renderTitle();
    const input = await editTitle();
    expect(input).toHaveValue('Campaña de otoño');
    await userEvent.clear(input);
    await userEvent.type(input, 'Campaña de invierno{Enter}');
    const title = await screen.findByRole('button', { name: /Campaña de invierno/ });
    // The keyboard user is back on the title, not on the page's body.
    expect(title).toHaveFocus();
    expect(callsTo(RENAME).map((call) => call.body)).toEqual([{ name: 'Campaña de invierno' }]);
  });

  it('leaving the field renames too; an unchanged or empty name sends nothing', async () => {
    const { callsTo } = renderTitle();
    let input = await editTitle();
    await userEvent.type(input, '{Enter}');
    input = await editTitle();
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    expect(await screen.findByRole('button', { name: /Campaña de otoño/ })).toBeInTheDocument();
    expect(callsTo(RENAME)).toHaveLength(0);

    input = await editTitle();
    await userEvent.type(input, ' 2026');
    await userEvent.tab();
    await waitFor(() =>
      expect(callsTo(RENAME).map((call) => call.body)).toEqual([{ name: 'Campaña de otoño 2026' }]),
    );
  });

  it('shows no title while the project loads, and the dated placeholder for one without a name', async () => {
    let answer!: (response: Response) => void;
    renderChat(<ChatTitle />, {
      [`GET /api/project/${PROJECT_ID}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const title = await screen.findByTestId('project-title');
    await waitFor(() => expect(answer).toBeDefined());
    // Nothing but the hint for screen readers: no name, no placeholder.
    expect(title).toHaveTextContent(/^Haz clic para renombrar$/);
    answer(json(200, { ...projectFixture, name: '' }));
    await waitFor(() => expect(title).toHaveTextContent('Sin título'));
  });

  it('Escape cancels the edit', async () => {
    const { callsTo } = renderTitle();
    const input = await editTitle();
    await userEvent.type(input, ' borrador{Escape}');
    const title = await screen.findByRole('button', { name: /Campaña de otoño/ });
    expect(title).not.toHaveTextContent('borrador');
    expect(title).toHaveFocus();
    expect(callsTo(RENAME)).toHaveLength(0);
  });

  it('a failed rename puts the old name back and shows the error toast', async () => {
    renderTitle(500);
    const input = await editTitle();
    await userEvent.clear(input);
    await userEvent.type(input, 'Otro nombre{Enter}');
    expect(await screen.findByText('Error al renombrar el proyecto')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Campaña de otoño/ })).toBeInTheDocument());
    expect(screen.queryByText('Otro nombre')).not.toBeInTheDocument();
  });

  it('the new-project button creates one, opens it and stores its id; a failure toasts', async () => {
    const NEW_ID = '55555555-5555-4555-8555-555555555555';
    let fail = false;
    const { router } = renderChat(<ChatHeaderActions />, {
      [`POST /api/workspace/${WORKSPACE_ID}/project`]: () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(201, { id: NEW_ID }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo proyecto' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${NEW_ID}`));
    expect(localStorage.getItem('projectId')).toBe(NEW_ID);
    fail = true;
    // A click this soon after the first would be the second click of a double click.
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_MS));
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo proyecto' }));
    expect(await screen.findByText('No se pudo crear un nuevo proyecto')).toBeInTheDocument();
  });
});
