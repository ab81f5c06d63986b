import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Batch, BatchRow } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { renderInSession, startSignedOut } from '../../../test/session';
import BatchPage from './pages/batch-page';
import { BATCH_POLL_MS } from './api/use-batches';
import { BATCH_ID, batchFixture, doneRow, rowFixture, sessionHandlers } from './test/batch-fixtures';

beforeEach(startSignedOut);

const BATCH = `GET /api/batch/${BATCH_ID}`;
const ROWS = `GET /api/batch/${BATCH_ID}/rows?offset=0&limit=50`;
const editRow = (index: number) => `PATCH /api/batch/${BATCH_ID}/row/${index}`;

function renderPage(handlers: Record<string, ApiHandler>) {
  return renderInSession(
    [{ path: '/batches/:id', element: <BatchPage /> }],
    { ...sessionHandlers(), ...handlers },
    {
      initialPath: `/batches/${BATCH_ID}`,
    },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cell = (part: string, row: number) => screen.getAllByTestId(`output-${part}`)[row]!;

describe('the page of a bulk run', () => {
  it('fills the table in while the batch runs, says when it is done, and then stops asking', async () => {
    let batch: Batch = batchFixture();
    let rows: BatchRow[] = [rowFixture(0), rowFixture(1), rowFixture(2)];
    const { callsTo } = renderPage({ [BATCH]: () => json(200, batch), [ROWS]: () => json(200, { rows }) });
    expect(await screen.findAllByText('Pendiente')).toHaveLength(3);
    expect(screen.getByTestId('batch-counts')).toHaveTextContent('0 de 3 hechas');

    // The worker writes the first row, then the rest: the open page follows without a reload.
    batch = batchFixture({ done: 1, wordsCharged: 12 });
    rows = [doneRow(0, 'Corre más ligero'), rowFixture(1, { status: 'running' }), rowFixture(2)];
    expect(await screen.findByText('Corre más ligero')).toBeInTheDocument();
    expect(screen.getByTestId('batch-counts')).toHaveTextContent('1 de 3 hechas');

    batch = batchFixture({
      status: 'done',
      done: 2,
      failed: 1,
      wordsCharged: 24,
      finishedAt: '2026-12-06T10:01:00.000Z',
    });
    rows = [
      doneRow(0, 'Corre más ligero'),
      doneRow(1, 'Tu próxima maratón'),
      rowFixture(2, { status: 'failed', error: 'El proveedor no ha respondido' }),
    ];
    expect(await screen.findByText('El lote «catálogo.csv» ha terminado')).toBeInTheDocument();
    expect(await screen.findByText('Tu próxima maratón')).toBeInTheDocument();
    expect(screen.getByTestId('batch-counts')).toHaveTextContent('2 de 3 hechas');
    expect(screen.getByTestId('batch-counts')).toHaveTextContent('1 fallida');
    expect(screen.getByRole('button', { name: 'Reintentar la fila 3' })).toBeInTheDocument();

    const asked = { batch: callsTo(BATCH).length, rows: callsTo(ROWS).length };
    await sleep(BATCH_POLL_MS * 2);
    expect(callsTo(BATCH)).toHaveLength(asked.batch);
    expect(callsTo(ROWS)).toHaveLength(asked.rows);
  }, 15_000);

  it('does not poll a paused batch', async () => {
    const { callsTo } = renderPage({
      [BATCH]: () => json(200, batchFixture({ status: 'paused', done: 1 })),
      [ROWS]: () => json(200, { rows: [doneRow(0, 'Corre más ligero'), rowFixture(1), rowFixture(2)] }),
    });
    expect(await screen.findByText('Corre más ligero')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reanudar' })).toBeInTheDocument();
    await sleep(BATCH_POLL_MS * 1.5);
    expect(callsTo(BATCH)).toHaveLength(1);
    expect(callsTo(ROWS)).toHaveLength(1);
  }, 10_000);

  it('edits a cell in place: Escape puts the text back, Enter saves, and a failed save keeps what was typed', async () => {
    let fail = false;
    const { callsTo } = renderPage({
      [BATCH]: () => json(200, batchFixture({ status: 'done', done: 1, total: 1 })),
      [ROWS]: () => json(200, { rows: [doneRow(0, 'Corre más ligero')] }),
      [editRow(0)]: (body) => {
        if (fail) return json(500, { error: { code: 'INTERNAL', message: 'boom' } });
        const { text } = body as { part: string; text: string };
        return json(200, doneRow(0, text, { edited: true }));
      },
    });
    const open = await screen.findByRole('button', { name: /Editar «Titular» de la fila 1/ });
    expect(within(cell('titular', 0)).getByTestId('part-length')).toHaveTextContent('16/30');

    await userEvent.click(open);
    const field = screen.getByRole('textbox', { name: 'Editar «Titular» de la fila 1' });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'Nada que ver{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('Corre más ligero')).toBeInTheDocument();
    expect(callsTo(editRow(0))).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Editar «Titular» de la fila 1/ })).toHaveFocus(),
    );

    await userEvent.click(screen.getByRole('button', { name: /Editar «Titular» de la fila 1/ }));
    await userEvent.clear(screen.getByRole('textbox'));
    await userEvent.type(screen.getByRole('textbox'), 'Zapatillas que vuelan más que tú, de verdad{Enter}');
    await waitFor(() =>
      expect(callsTo(editRow(0)).map((call) => call.body)).toEqual([
        { part: 'titular', text: 'Zapatillas que vuelan más que tú, de verdad' },
      ]),
    );
    expect(await screen.findByText('Zapatillas que vuelan más que tú, de verdad')).toBeInTheDocument();
    expect(screen.getByText('Editado')).toBeInTheDocument();
    const length = within(cell('titular', 0)).getByTestId('part-length');
    expect(length).toHaveTextContent('43/30');
    expect(length).toHaveTextContent('supera el límite');

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: /Editar «Titular» de la fila 1/ }));
    await userEvent.clear(screen.getByRole('textbox'));
    await userEvent.type(screen.getByRole('textbox'), 'Vuela{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha guardado. Tu texto sigue aquí');
    expect(screen.getByRole('textbox')).toHaveValue('Vuela');
  }, 15_000);
});
