import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KnowledgeSource } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { changeLocale } from '@/lib/i18n';
import { renderInSession, startSignedOut } from '../../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import KnowledgePage from './pages/knowledge-page';
import { FakeUpload, withFakeUploads } from './test/fake-upload';

withFakeUploads();
beforeEach(startSignedOut);

const LIST = `GET /api/workspace/${WORKSPACE_ID}/knowledge`;

function source(fields: Partial<KnowledgeSource> & Pick<KnowledgeSource, 'id' | 'name'>): KnowledgeSource {
  return {
    workspaceId: WORKSPACE_ID,
    kind: 'file',
    url: null,
    status: 'ready',
    failureReason: null,
    passageCount: 12,
    sizeBytes: 1_250_000,
    addedBy: anaInWorkspace,
    createdAt: '2026-11-20T10:00:00Z',
    ...fields,
  };
}
const mine = source({ id: '66666666-6666-4666-8666-666666666666', name: 'tarifas-2027.pdf' });
const luisPage = source({
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Preguntas frecuentes',
  kind: 'url',
  url: 'https://example.com/faq',
  status: 'failed',
  failureReason: 'ADDRESS_NOT_ALLOWED',
  passageCount: 0,
  sizeBytes: 0,
  addedBy: luis,
});

function renderPage(handlers: Record<string, ApiHandler>, { owner = true } = {}) {
  const workspace = owner
    ? workspaceFixture({ invitedUsers: [luis] })
    : workspaceFixture({ ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  return renderInSession([{ path: '/brand/knowledge', element: <KnowledgePage /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace]),
    ...handlers,
  });
}

const file = (name: string, size = 10, type = 'application/pdf') =>
  new File([new Uint8Array(size)], name, { type });

describe('the knowledge page', () => {
  it('explains knowledge with an example when there is none, and uploads several files with their progress', async () => {
    let sources: KnowledgeSource[] = [];
    const { callsTo } = renderPage({ [LIST]: () => json(200, { sources, reindexing: false }) });
    expect(await screen.findByRole('heading', { name: 'Aún no hay conocimiento' })).toBeInTheDocument();
    expect(
      screen.getByText(/la respuesta usará el precio de verdad y lo citará como \[1\]/),
    ).toBeInTheDocument();

    await userEvent.upload(screen.getByTestId('knowledge-file-input'), [
      file('tarifas-2027.pdf', 2000),
      file('guia.docx', 100),
    ]);
    expect(FakeUpload.sent).toHaveLength(2);
    const [pdf, docx] = FakeUpload.sent;
    expect(pdf!.url).toBe(`/api/workspace/${WORKSPACE_ID}/knowledge`);
    expect(pdf!.headers.Authorization).toBe('Bearer token');
    expect((pdf!.body!.get('file') as File).name).toBe('tarifas-2027.pdf');

    act(() => pdf!.progress(500, 2000));
    expect(screen.getByRole('progressbar', { name: 'Subiendo tarifas-2027.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    sources = [{ ...mine, status: 'processing', passageCount: 0 }];
    act(() => pdf!.respond(201, { id: mine.id, name: mine.name, status: 'processing' }));
    const row = await screen.findByRole('listitem', { name: 'tarifas-2027.pdf' });
    expect(within(row).getByText('Procesando…')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Subiendo tarifas-2027.pdf' })).not.toBeInTheDocument();
    // The other file is still on its way.
    expect(screen.getByRole('progressbar', { name: 'Subiendo guia.docx' })).toBeInTheDocument();

    // While a source processes, the list is read again until it is ready.
    sources = [mine];
    expect(
      await within(row).findByText('Lista · 12 pasajes · 1,3 MB', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(callsTo(LIST).length).toBeGreaterThanOrEqual(3);
    act(() => docx!.respond(413, { error: { code: 'STORAGE_FULL', message: 'full' } }));
    expect(
      await screen.findByText(/No se subió: Tu espacio de trabajo ha llenado su almacenamiento/),
    ).toBeInTheDocument();
  });

  it('refuses a file of another kind, or over 20 MB, without sending it', async () => {
    renderPage({ [LIST]: () => json(200, { sources: [], reindexing: false }) });
    await screen.findByRole('heading', { name: 'Aún no hay conocimiento' });
    const big = file('catalogo.pdf');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await userEvent.upload(
      screen.getByTestId('knowledge-file-input'),
      [big, file('foto.png', 10, 'image/png')],
      {
        applyAccept: false,
      },
    );
    expect(FakeUpload.sent).toHaveLength(0);
    expect(screen.getByText(/supera los 20 MB/)).toBeInTheDocument();
    expect(screen.getByText(/solo se admiten PDF, DOCX, TXT, Markdown y HTML/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Descartar foto.png' }));
    expect(screen.queryByText(/solo se admiten/)).not.toBeInTheDocument();
  });

  it('says why a source failed, and lets a member delete only what they added', async () => {
    const { callsTo } = renderPage(
      {
        [LIST]: () => json(200, { sources: [mine, luisPage], reindexing: false }),
        [`DELETE /api/knowledge/${mine.id}`]: () => json(204),
      },
      { owner: false },
    );
    const failed = await screen.findByRole('listitem', { name: 'Preguntas frecuentes' });
    expect(within(failed).getByText(/Esa dirección es privada o local/)).toBeInTheDocument();
    expect(within(failed).getByText(/Añadida por Luis Pérez/)).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();

    const remove = screen.getByRole('button', { name: 'Eliminar tarifas-2027.pdf' });
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar «tarifas-2027.pdf»?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(remove).toHaveFocus());
    expect(callsTo(`DELETE /api/knowledge/${mine.id}`)).toHaveLength(0);

    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Fuente eliminada')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'tarifas-2027.pdf' })).not.toBeInTheDocument();
    expect(callsTo(`DELETE /api/knowledge/${mine.id}`)).toHaveLength(1);
  });

  it('lets the owner delete what anyone added', async () => {
    renderPage({ [LIST]: () => json(200, { sources: [mine, luisPage], reindexing: false }) });
    expect(await screen.findByRole('button', { name: 'Eliminar Preguntas frecuentes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar tarifas-2027.pdf' })).toBeInTheDocument();
  });

  it('adds a web page, checking its address first', async () => {
    let sources: KnowledgeSource[] = [];
    const { callsTo } = renderPage({
      [LIST]: () => json(200, { sources, reindexing: false }),
      [`POST /api/workspace/${WORKSPACE_ID}/knowledge/url`]: () => {
        sources = [{ ...luisPage, addedBy: anaInWorkspace, status: 'processing', failureReason: null }];
        return json(201, { id: luisPage.id, name: luisPage.name, status: 'processing' });
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Añadir una página web' });
    await userEvent.type(field, 'ftp://example.com{Enter}');
    expect(
      await screen.findByText('Escribe una dirección completa que empiece por http:// o https://'),
    ).toBeInTheDocument();
    expect(callsTo(`POST /api/workspace/${WORKSPACE_ID}/knowledge/url`)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'https://example.com/faq{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Preguntas frecuentes' })).toBeInTheDocument();
    expect(callsTo(`POST /api/workspace/${WORKSPACE_ID}/knowledge/url`)[0]!.body).toEqual({
      url: 'https://example.com/faq',
    });
    expect(field).toHaveValue('');
  });

  it('tries a question: the passages with their source and place, or why there are none', async () => {
    const search = `GET /api/workspace/${WORKSPACE_ID}/knowledge/search?q=%C2%BFCu%C3%A1nto+cuesta%3F`;
    let failing = true;
    renderPage({
      [LIST]: () => json(200, { sources: [mine], reindexing: false }),
      [search]: () =>
        failing
          ? json(500, { error: { code: 'INTERNAL', message: 'x' } })
          : json(200, {
              results: [
                {
                  knowledgeId: mine.id,
                  name: mine.name,
                  locator: { page: 3 },
                  text: 'El plan Pro cuesta 29 € al mes.',
                  score: 0.9,
                },
              ],
            }),
    });
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Pregunta' }),
      '¿Cuánto cuesta?{Enter}',
    );
    expect(await screen.findByText('No se pudo buscar en el conocimiento')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const passage = await screen.findByTestId('knowledge-passage');
    expect(passage).toHaveTextContent('tarifas-2027.pdf · Página 3');
    expect(passage).toHaveTextContent('El plan Pro cuesta 29 € al mes.');
  });

  it.each([
    ['es', 'Pregunta', '¿Qué es el Picual?', 'Página 2'],
    ['en', 'Question', 'What is Picual?', 'Page 2'],
  ] as const)(
    'shows a Markdown passage found by a question as plain text, its words without their marks (%s)',
    async (locale, label, question, page) => {
      // Each test starts in Spanish, chosen on this device (test/session.tsx).
      await changeLocale(locale);
      const search = `GET /api/workspace/${WORKSPACE_ID}/knowledge/search?${new URLSearchParams({ q: question })}`;
      renderPage({
        [LIST]: () => json(200, { sources: [mine], reindexing: false }),
        [search]: () =>
          json(200, {
            results: [
              {
                knowledgeId: mine.id,
                name: mine.name,
                locator: { page: 2 },
                text: '## Variedades\n**Picual Temprano** es un aceite _frutado_ de `cosecha temprana`.',
                score: 0.9,
              },
            ],
          }),
      });
      await userEvent.type(await screen.findByRole('searchbox', { name: label }), `${question}{Enter}`);
      const passage = await screen.findByTestId('knowledge-passage');
      expect(passage).toHaveTextContent(`tarifas-2027.pdf · ${page}`);
      const text = passage.querySelector('p:last-child')!.textContent;
      expect(text).toBe('Variedades\nPicual Temprano es un aceite frutado de cosecha temprana.');
      expect(text).not.toMatch(/[*_`#]/);
    },
  );
});
