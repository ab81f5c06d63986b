import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrandVoice, BrandVoiceSummary } from '@redacta/shared';
import { fakeApi, json } from '../../../test/render';
import { renderInSession, startAsAna } from '../../../test/session';
import { anaInWorkspace, workspaceFixture } from '../../../test/fixtures';
import { BrandVoicePicker, useActiveBrandVoice } from '@/features/brand-voice';
import BrandVoicePage from './pages/brand-voice-page';
import NewBrandVoicePage from './pages/new-brand-voice-page';
import EditBrandVoicePage from './pages/edit-brand-voice-page';

/** A voice as the list has it: its text reduced to an excerpt. */
const voice = (workspaceId: string, id: string, name: string, isDefault: boolean): BrandVoiceSummary => ({
  id,
  workspaceId,
  name,
  excerpt: `La voz ${name}: cercana, frases cortas.`,
  isDefault,
  addedBy: anaInWorkspace,
  createdAt: '2026-11-02T00:00:00Z',
  updatedAt: '2026-11-02T00:00:00Z',
});

/** The same voice whole, as GET /brand-voice/{id} answers it. */
const whole = ({ excerpt: _excerpt, ...summary }: BrandVoiceSummary, text: string): BrandVoice => ({
  ...summary,
  voice: text,
});

const words = (count: number) => Array.from({ length: count }, (_, index) => `palabra${index}`).join(' ');

function renderWith(
  workspaceId: string,
  routes: Array<{ path: string; element: React.ReactElement }>,
  handlers: Parameters<typeof fakeApi>[0],
  initialPath?: string,
) {
  const { calls, router } = renderInSession(
    routes,
    { 'GET /api/workspace/list': () => json(200, [workspaceFixture({ id: workspaceId })]), ...handlers },
    { initialPath },
  );
  return { calls, router };
}

function ActiveVoice() {
  const { activeBrandVoiceId } = useActiveBrandVoice();
  return <output aria-label="activa">{activeBrandVoiceId ?? 'ninguna'}</output>;
}

describe('brand voices', { timeout: 20_000 }, () => {
  beforeEach(startAsAna);

  it('the composer picker: the default voice is active once the list has loaded, and a pick replaces it', async () => {
    const W = 'a1a1a1a1-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const formal = voice(W, 'f0f0f0f0-0000-4000-8000-000000000001', 'Formal', false);
    const cercana = voice(W, 'f0f0f0f0-0000-4000-8000-000000000002', 'Cercana', true);
    let answer: ((response: Response) => void) | undefined;
    renderWith(
      W,
      [
        {
          path: '/chat',
          element: (
            <>
              <BrandVoicePicker />
              <ActiveVoice />
            </>
          ),
        },
      ],
      {
        [`GET /api/brand-voice/workspace/${W}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    );
    const picker = await screen.findByLabelText('Voz de marca');
    expect(picker).toBeDisabled();
    expect(screen.getByLabelText('activa')).toHaveTextContent('ninguna');

    // The list is answered once it has been asked for (a loaded machine may ask after the first draw).
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json(200, [formal, cercana]));
    await waitFor(() => expect(picker).toHaveValue(cercana.id));
    expect(screen.getByLabelText('activa')).toHaveTextContent(cercana.id);
    const labels = () =>
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent);
    // The chosen voice reads by its name alone, so it fits the composer's row; the list marks the default.
    expect(labels()).toEqual(['Sin voz de marca', 'Formal', 'Cercana']);
    expect(picker).toHaveAttribute('title', 'Cercana');

    await userEvent.selectOptions(picker, 'Formal');
    expect(screen.getByLabelText('activa')).toHaveTextContent(formal.id);
    expect(labels()).toEqual(['Sin voz de marca', 'Formal', 'Cercana (predeterminada)']);
    await userEvent.selectOptions(picker, 'Sin voz de marca');
    expect(screen.getByLabelText('activa')).toHaveTextContent('ninguna');
  });

  it('the editor warns outside 50–500 words, analyses the sample into the voice text and saves it as default', async () => {
    const W = 'b2b2b2b2-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    const { calls, router } = renderWith(
      W,
      [
        { path: '/brand-voice/new', element: <NewBrandVoicePage /> },
        { path: '/brand-voice', element: <p>lista</p> },
      ],
      {
        'PATCH /api/brand-voice/analyze-content': () =>
          json(200, {
            voice: 'Tono: cercano y directo.',
            sampleWords: 60,
            warning: null,
            wordsCharged: 5,
            remaining: 1995,
          }),
        [`POST /api/brand-voice/workspace/${W}`]: () =>
          json(
            201,
            whole(
              voice(W, 'c0c0c0c0-0000-4000-8000-000000000003', 'Cercana', true),
              'Tono: cercano y directo.',
            ),
          ),
        [`GET /api/brand-voice/workspace/${W}`]: () => json(200, []),
      },
    );
    const sample = await screen.findByLabelText('Texto de muestra');
    expect(screen.getByRole('button', { name: 'Analizar' })).toBeDisabled();

    await userEvent.click(sample);
    await userEvent.paste(words(12));
    expect(screen.getByText('12 palabras · se recomiendan entre 50 y 500')).toBeInTheDocument();
    expect(screen.getByText(/La muestra es corta: con menos de 50 palabras/)).toBeInTheDocument();

    await userEvent.paste(` ${words(48)}`);
    expect(screen.getByText('60 palabras · se recomiendan entre 50 y 500')).toBeInTheDocument();
    expect(screen.queryByText(/La muestra es corta/)).not.toBeInTheDocument();

    await userEvent.paste(` ${words(450)}`);
    expect(
      screen.getByText(/La muestra es larga: se recomiendan como mucho 500 palabras/),
    ).toBeInTheDocument();
    await userEvent.clear(sample);
    await userEvent.paste(words(60));

    await userEvent.click(screen.getByRole('button', { name: 'Analizar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Texto de la voz')).toHaveValue('Tono: cercano y directo.'),
    );
    expect(calls.find((call) => call.key === 'PATCH /api/brand-voice/analyze-content')?.body).toEqual({
      workspaceId: W,
      text: words(60),
    });
    expect(screen.getByRole('button', { name: 'Repetir análisis' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    await userEvent.type(screen.getByLabelText('Nombre'), 'Cercana');
    await userEvent.click(screen.getByLabelText('Usar como voz predeterminada'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Voz de marca creada')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `POST /api/brand-voice/workspace/${W}`)?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Cercana',
      voice: 'Tono: cercano y directo.',
      isDefault: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand-voice'));
  });

  it('a failed analysis shows the analysis-error toast and keeps the voice text', async () => {
    const W = 'c3c3c3c3-cccc-4ccc-8ccc-cccccccccccc';
    renderWith(W, [{ path: '/brand-voice/new', element: <NewBrandVoicePage /> }], {
      'PATCH /api/brand-voice/analyze-content': () =>
        json(502, { error: { code: 'AI_PROVIDER_ERROR', message: 'upstream' } }),
    });
    await userEvent.type(await screen.findByLabelText('Texto de la voz'), 'Mi descripción');
    await userEvent.click(screen.getByLabelText('Texto de muestra'));
    await userEvent.paste(words(80));
    await userEvent.click(screen.getByRole('button', { name: 'Analizar' }));
    expect(await screen.findByText('Error al analizar el texto')).toBeInTheDocument();
    expect(screen.getByLabelText('Texto de la voz')).toHaveValue('Mi descripción');
  });

  it('the list: default badge, make default moves it, delete asks first and a failure says so', async () => {
    const W = 'd4d4d4d4-dddd-4ddd-8ddd-dddddddddddd';
    const formal = voice(W, 'f0f0f0f0-0000-4000-8000-000000000011', 'Formal', true);
    const cercana = voice(W, 'f0f0f0f0-0000-4000-8000-000000000012', 'Cercana', false);
    let list = [formal, cercana];
    let deleteStatus = 500;
    const { calls } = renderWith(W, [{ path: '/brand-voice', element: <BrandVoicePage /> }], {
      [`GET /api/brand-voice/workspace/${W}`]: () => json(200, list),
      [`PATCH /api/brand-voice/${cercana.id}`]: () => {
        list = [
          { ...formal, isDefault: false },
          { ...cercana, isDefault: true },
        ];
        return json(200, whole(list[1]!, 'Cercana y directa.'));
      },
      [`DELETE /api/brand-voice/${formal.id}`]: () =>
        deleteStatus === 204 ? json(204) : json(500, { error: { code: 'INTERNAL', message: 'x' } }),
    });
    const cards = await screen.findAllByTestId('brand-voice-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Predeterminada')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Añadida por Ana García')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('La voz Formal: cercana, frases cortas.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Acciones de Cercana' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Hacer predeterminada' }));
    expect(await screen.findByText('Voz de marca editada')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PATCH /api/brand-voice/${cercana.id}`)?.body).toEqual({
      isDefault: true,
    });
    await waitFor(() => {
      const [first, second] = screen.getAllByTestId('brand-voice-card');
      expect(within(first!).queryByText('Predeterminada')).not.toBeInTheDocument();
      expect(within(second!).getByText('Predeterminada')).toBeInTheDocument();
    });

    await userEvent.click(screen.getByRole('button', { name: 'Acciones de Formal' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la voz de marca?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error de eliminación')).toBeInTheDocument();
    expect(screen.getAllByTestId('brand-voice-card')).toHaveLength(2);

    deleteStatus = 204;
    list = list.filter((item) => item.id !== formal.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getAllByTestId('brand-voice-card')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an empty workspace shows the empty state with the way to create one; a failed load says so', async () => {
    const W = 'e5e5e5e5-eeee-4eee-8eee-eeeeeeeeeeee';
    let fail = true;
    renderWith(W, [{ path: '/brand-voice', element: <BrandVoicePage /> }], {
      [`GET /api/brand-voice/workspace/${W}`]: () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, []),
    });
    expect(await screen.findByText('Error al recuperar datos')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no hay voces de marca')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nueva voz de marca' })).toHaveAttribute(
      'href',
      '/brand-voice/new',
    );
  });

  it('the editor of a saved voice loads it whole by its id, then saves only what changed', async () => {
    const W = 'f6f6f6f6-ffff-4fff-8fff-ffffffffffff';
    const formal = voice(W, 'f0f0f0f0-0000-4000-8000-000000000021', 'Formal', false);
    const text = `Trato de usted. ${'Frases completas y precisas. '.repeat(40)}`.trim();
    let answer: ((response: Response) => void) | undefined;
    const { calls, router } = renderWith(
      W,
      [
        { path: '/brand-voice/:id', element: <EditBrandVoicePage /> },
        { path: '/brand-voice', element: <p>lista</p> },
      ],
      {
        [`GET /api/brand-voice/${formal.id}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
        [`PATCH /api/brand-voice/${formal.id}`]: () =>
          json(200, whole({ ...formal, name: 'Institucional' }, text)),
        [`GET /api/brand-voice/workspace/${W}`]: () => json(200, [formal]),
      },
      `/brand-voice/${formal.id}`,
    );
    expect(await screen.findByText('Cargando…')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json(200, whole(formal, text)));
    expect(await screen.findByLabelText('Texto de la voz')).toHaveValue(text);
    expect(screen.getByLabelText('Nombre')).toHaveValue('Formal');
    // The list was never needed to edit one voice.
    expect(calls.some((call) => call.key === `GET /api/brand-voice/workspace/${W}`)).toBe(false);

    await userEvent.clear(screen.getByLabelText('Nombre'));
    await userEvent.type(screen.getByLabelText('Nombre'), 'Institucional');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Voz de marca editada')).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PATCH /api/brand-voice/${formal.id}`)?.body).toEqual({
      name: 'Institucional',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand-voice'));
  });

  it('the editor of a saved voice: a failed load offers a retry, a voice that is gone says so', async () => {
    const W = 'a7a7a7a7-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const formal = voice(W, 'f0f0f0f0-0000-4000-8000-000000000031', 'Formal', false);
    const gone = 'f0f0f0f0-0000-4000-8000-000000000032';
    let fail = true;
    const { router } = renderWith(
      W,
      [{ path: '/brand-voice/:id', element: <EditBrandVoicePage /> }],
      {
        [`GET /api/brand-voice/${formal.id}`]: () =>
          fail
            ? json(500, { error: { code: 'INTERNAL', message: 'x' } })
            : json(200, whole(formal, 'De usted.')),
        [`GET /api/brand-voice/${gone}`]: () => json(404, { error: { code: 'NOT_FOUND', message: 'x' } }),
      },
      `/brand-voice/${formal.id}`,
    );
    expect(await screen.findByText('Error al recuperar datos')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Texto de la voz')).toHaveValue('De usted.');

    await act(() => router.navigate(`/brand-voice/${gone}`));
    expect(await screen.findByText('Esta voz de marca no existe o se ha eliminado')).toBeInTheDocument();
  });

  it('a workspace with as many voices as it may keep: the create error says so and keeps what was typed', async () => {
    const W = 'b8b8b8b8-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    renderWith(W, [{ path: '/brand-voice/new', element: <NewBrandVoicePage /> }], {
      [`POST /api/brand-voice/workspace/${W}`]: () =>
        json(409, { error: { code: 'BRAND_VOICES_FULL', message: 'full' } }),
    });
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Otra más');
    await userEvent.type(screen.getByLabelText('Texto de la voz'), 'Cercana y breve.');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Este espacio de trabajo ya tiene el máximo de voces de marca. Elimina una para crear otra.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Otra más');
    expect(screen.getByLabelText('Texto de la voz')).toHaveValue('Cercana y breve.');
  });
});
