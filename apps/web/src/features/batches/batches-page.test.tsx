import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/render';
import { renderInSession, startSignedOut } from '../../../test/session';
import { WORKSPACE_ID } from '../../../test/fixtures';
import BatchesPage from './pages/batches-page';
import { batchFixture, sessionHandlers } from './test/batch-fixtures';

beforeEach(startSignedOut);

const LIST = `GET /api/workspace/${WORKSPACE_ID}/batches`;

function renderPage(answer: () => Response) {
  return renderInSession([{ path: '/batches', element: <BatchesPage /> }], {
    ...sessionHandlers(),
    [LIST]: answer,
  });
}

describe('the bulk runs page', () => {
  it('says what goes here when there is none, with the way to make one', async () => {
    renderPage(() => json(200, { batches: [] }));
    expect(await screen.findByRole('heading', { name: 'Aún no hay lotes' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nuevo lote' })[0]).toHaveAttribute('href', '/batches/new');
  });

  it('leaves out a draft cancelled before it ran, and says none is left when it was the only one', async () => {
    const replaced = batchFixture({ status: 'cancelled', startedAt: null, total: 3, skipped: 3 });
    const ran = batchFixture({
      id: '00000000-0000-4000-8000-000000000902',
      status: 'cancelled',
      total: 3,
      done: 1,
      skipped: 2,
    });
    const view = renderPage(() => json(200, { batches: [ran, replaced] }));
    const item = await screen.findByTestId('batch-item');
    expect(within(item).getByRole('link')).toHaveAttribute('href', `/batches/${ran.id}`);
    expect(screen.getAllByTestId('batch-item')).toHaveLength(1);
    view.unmount();

    renderPage(() => json(200, { batches: [replaced] }));
    expect(await screen.findByRole('heading', { name: 'Aún no hay lotes' })).toBeInTheDocument();
  });

  it('lists each batch with its template, state, progress, who and when', async () => {
    renderPage(() =>
      json(200, {
        batches: [batchFixture({ status: 'paused', total: 40, done: 12, failed: 1 })],
      }),
    );
    const item = await screen.findByTestId('batch-item');
    expect(within(item).getByRole('link')).toHaveAttribute('href', `/batches/${batchFixture().id}`);
    expect(item).toHaveTextContent('catálogo.csv');
    expect(item).toHaveTextContent('Plantilla: Anuncio de búsqueda');
    expect(item).toHaveTextContent('En pausa');
    expect(item).toHaveTextContent('12 de 40 hechas');
    expect(item).toHaveTextContent('1 fallida');
    expect(item).toHaveTextContent('Ana García · 6 dic 2026');
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');
  });

  it('counts the rows the server skipped, also while the batch still runs', async () => {
    renderPage(() =>
      json(200, {
        batches: [
          batchFixture({ status: 'running', total: 40, done: 12, failed: 1, skipped: 5 }),
          batchFixture({
            id: '55555555-5555-4555-8555-555555555555',
            status: 'cancelled',
            total: 10,
            done: 3,
            skipped: 5,
          }),
        ],
      }),
    );
    const [running, cancelled] = await screen.findAllByTestId('batch-item');
    expect(running).toHaveTextContent('5 omitidas');
    // Cancelled while two rows were being written: those two are still to count, not skipped.
    expect(cancelled).toHaveTextContent('5 omitidas');
    expect(cancelled).not.toHaveTextContent('7 omitidas');
  });

  it('says the list failed to load, in place, and loads it again on request', async () => {
    let fail = true;
    renderPage(() =>
      fail ? json(500, { error: { code: 'INTERNAL', message: 'boom' } }) : json(200, { batches: [] }),
    );
    expect(await screen.findByText('No se han podido cargar los lotes')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Aún no hay lotes' })).toBeInTheDocument();
  });
});
