import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BATCH_FILE_MAX_BYTES } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { renderInSession, startSignedOut } from '../../../test/session';
import { WORKSPACE_ID } from '../../../test/fixtures';
import NewBatchPage from './pages/new-batch-page';
import { BATCH_ID, TEMPLATE_ID, batchFixture, createdFixture, sessionHandlers } from './test/batch-fixtures';

beforeEach(startSignedOut);

const CREATE = `POST /api/workspace/${WORKSPACE_ID}/batches`;
const PATCH = `PATCH /api/batch/${BATCH_ID}`;
const START = `POST /api/batch/${BATCH_ID}/start`;

function renderPage(handlers: Record<string, ApiHandler>, remaining: number | null = 2000) {
  return renderInSession(
    [
      { path: '/batches/new', element: <NewBatchPage /> },
      { path: '/batches/:id', element: <p>página del lote</p> },
    ],
    { ...sessionHandlers(remaining), ...handlers },
    {
      initialPath: `/batches/new?template=${TEMPLATE_ID}`,
      note: (init) => ({ form: init.body instanceof FormData ? init.body : null }),
    },
  );
}

const csv = (name = 'catálogo.csv', size?: number) =>
  new File(
    [size === undefined ? 'Producto;Público objetivo\nZapatilla;corredores\n' : new Uint8Array(size)],
    name,
    {
      type: 'text/csv',
    },
  );

async function chooseFile(file: File) {
  await screen.findByRole('option', { name: 'Anuncio de búsqueda', selected: true });
  await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('batch-file-input'), file);
}

describe('a new bulk run', () => {
  it('refuses a file over 5 MB, or not a spreadsheet, before sending it', async () => {
    const { callsTo } = renderPage({});
    await chooseFile(csv('enorme.csv', BATCH_FILE_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El archivo pasa de 5 MB: divídelo en varios lotes',
    );
    await chooseFile(new File(['%PDF'], 'catálogo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('sube un CSV o un XLSX');
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it('sends the file with its template, shows the columns matched by name, and saves a changed column', async () => {
    const { calls, callsTo } = renderPage({
      [CREATE]: () => json(201, createdFixture()),
      [PATCH]: (body) =>
        json(
          200,
          createdFixture({
            mapping: (body as { mapping: Record<string, string> }).mapping,
            preview: [
              {
                index: 0,
                prompt: 'Escribe un anuncio para Zapatilla 1 dirigido a corredores.',
                invalid: false,
              },
            ],
          }),
        ),
    });
    await chooseFile(csv());
    expect(await screen.findByTestId('batch-rows-read')).toHaveTextContent('3 filas leídas · 3 columnas');
    const sent = calls.find((call) => call.key === CREATE) as unknown as { form: FormData };
    expect(sent.form.get('templateId')).toBe(TEMPLATE_ID);
    expect((sent.form.get('file') as File).name).toBe('catálogo.csv');

    const mapping = screen.getByTestId('batch-mapping');
    expect(within(mapping).getByRole('combobox', { name: /Producto/ })).toHaveValue('Producto');
    const audience = within(mapping).getByRole('combobox', { name: 'Público' });
    expect(audience).toHaveValue('');
    await userEvent.selectOptions(audience, 'Público objetivo');
    await waitFor(() =>
      expect(callsTo(PATCH)[0]?.body).toEqual({
        mapping: { producto: 'Producto', publico: 'Público objetivo' },
      }),
    );
    expect(
      await screen.findByText('Escribe un anuncio para Zapatilla 1 dirigido a corredores.'),
    ).toBeInTheDocument();

    // A required field without a column stops the run and says why.
    await userEvent.selectOptions(within(mapping).getByRole('combobox', { name: /Producto/ }), '');
    expect(within(mapping).getByText(/Este campo es obligatorio/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ejecutar/ })).toBeDisabled();
  });

  it('lists the rows with problems by line and column and runs the others only once asked', async () => {
    const { callsTo, router } = renderPage({
      [CREATE]: () =>
        json(
          201,
          createdFixture({
            invalid: [{ line: 3, column: 'Producto', message: 'Required', code: 'required' }],
            preview: [
              { index: 0, prompt: 'Escribe un anuncio para Zapatilla 1 dirigido a .', invalid: false },
              { index: 1, prompt: 'Escribe un anuncio para  dirigido a .', invalid: true },
            ],
          }),
        ),
      [PATCH]: () => json(200, createdFixture({ skipInvalid: true })),
      [START]: () => json(200, batchFixture()),
    });
    await chooseFile(csv());
    const problems = await screen.findByTestId('batch-problems');
    expect(problems).toHaveTextContent('1 fila tiene problemas');
    expect(problems).toHaveTextContent('Línea 3, columna «Producto»: falta este dato, que es obligatorio');
    const run = screen.getByRole('button', { name: /Ejecutar/ });
    expect(run).toBeDisabled();
    // The preview marks the row with the problem, and what becomes of it once the user chooses.
    const marks = () => within(screen.getByTestId('batch-preview')).getAllByTestId('batch-preview-invalid');
    expect(marks()).toHaveLength(1);
    expect(marks()[0]!.closest('li')).toHaveTextContent('Fila 2');
    expect(marks()[0]).toHaveTextContent('Tiene un problema');

    await userEvent.click(within(problems).getByRole('radio', { name: /Omitirlas/ }));
    expect(marks()[0]).toHaveTextContent('Se omitirá');
    expect(screen.getByRole('button', { name: 'Ejecutar 2 filas' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ejecutar 2 filas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/batches/${BATCH_ID}`));
    expect(callsTo(PATCH).map((call) => call.body)).toEqual([{ skipInvalid: true }]);
    expect(callsTo(START)).toHaveLength(1);
  });

  it('shows what the server could not read, naming the line and column, its row cap, and the size limit on a 413', async () => {
    let answer = json(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'A formula is not read at line 4: paste values',
        issues: [{ path: 'Precio', message: 'A formula is not read at line 4: paste values' }],
      },
    });
    renderPage({ [CREATE]: () => answer });
    await chooseFile(csv());
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido leer el archivo');
    expect(screen.getByTestId('batch-upload-detail')).toHaveTextContent(
      'Columna «Precio» · A formula is not read at line 4: paste values',
    );

    answer = json(400, {
      error: {
        code: 'BATCH_TOO_MANY_ROWS',
        message: 'A batch on the Free plan has at most 50 rows; this file has 80',
      },
    });
    await chooseFile(csv('grande.csv'));
    expect(await screen.findByTestId('batch-upload-detail')).toHaveTextContent(
      'at most 50 rows; this file has 80',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El archivo tiene más filas de las que tu plan permite en un lote',
    );

    answer = json(413, { error: { code: 'BODY_TOO_LARGE', message: 'Too large' } });
    await chooseFile(csv('otro.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo pasa de 5 MB');
  });

  it('weighs the estimated words against what is left of the month', async () => {
    renderPage({ [CREATE]: () => json(201, createdFixture({ estimatedWords: 120 })) }, 50);
    await chooseFile(csv());
    const estimate = await screen.findByTestId('batch-estimate');
    expect(estimate).toHaveTextContent('Se estiman unas 120 palabras');
    expect(estimate).toHaveTextContent('Te quedan 50 palabras este mes');
    expect(estimate).toHaveTextContent('No te llega para todo el lote');
  });
});
