import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Template } from '@redacta/shared';
import { changeLocale } from '@/lib/i18n';
import { json } from '../../../test/render';
import { renderInSession, startAsAna } from '../../../test/session';
import { WORKSPACE_ID as W, workspaceFixture } from '../../../test/fixtures';
import { TemplateButton, TemplateReplyParts } from '@/features/templates';

const launch: Template = {
  id: '00000000-0000-4000-8000-000000000501',
  name: 'Lanzamiento',
  description: 'El anuncio de un lanzamiento.',
  language: 'es',
  prompt:
    'Anuncia {{producto}} ({{precio}} €) en {{idioma}} para {{canal}}. Detalles: {{detalles}}. Web: {{web}}',
  fields: [
    { key: 'producto', label: 'Producto', type: 'text', required: true, maxLength: 20 },
    { key: 'precio', label: 'Precio', type: 'number', required: true, min: 1, max: 500 },
    { key: 'idioma', label: 'Idioma', type: 'language', required: true },
    { key: 'canal', label: 'Canal', type: 'choice', required: true, options: ['Instagram', 'LinkedIn'] },
    {
      key: 'detalles',
      label: 'Detalles',
      type: 'longText',
      required: false,
      help: 'Lo que lo hace distinto.',
    },
    { key: 'web', label: 'Web', type: 'url', required: false },
  ],
  output: { parts: [{ key: 'titular', label: 'Titular', maxChars: 30 }] },
  builtIn: true,
  createdBy: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
};

function renderButton(path = '/chat') {
  const onRun = vi.fn();
  const view = renderInSession(
    [
      {
        path: '/chat',
        element: (
          <TemplateButton
            onRun={onRun}
            requestedId={new URLSearchParams(path.split('?')[1]).get('template')}
          />
        ),
      },
    ],
    {
      'GET /api/workspace/list': () => json(200, [workspaceFixture()]),
      [`GET /api/workspace/${W}/templates?language=es`]: () => json(200, { templates: [launch] }),
      [`GET /api/template/${launch.id}`]: () => json(200, launch),
    },
    { initialPath: path },
  );
  return { onRun, ...view };
}

describe('running a template', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await startAsAna();
  });

  it('asks for each field in a control of its type, checks the inputs as the server does, and runs it', async () => {
    const { onRun } = renderButton();
    const button = await screen.findByRole('button', { name: 'Plantilla' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Usar una plantilla' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Lanzamiento/ }));

    expect(within(dialog).getByLabelText('Precio')).toHaveAttribute('type', 'number');
    expect(within(dialog).getByLabelText('Idioma').tagName).toBe('SELECT');
    expect(within(dialog).getByRole('option', { name: 'Francés' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Canal').tagName).toBe('SELECT');
    expect(within(dialog).getByLabelText('Detalles (opcional)').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByText('Lo que lo hace distinto.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Web (opcional)')).toHaveAttribute('type', 'url');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar' }));
    expect(within(dialog).getAllByText('Este campo es obligatorio.')).toHaveLength(4);
    expect(within(dialog).getByLabelText('Producto')).toHaveFocus();

    await userEvent.type(within(dialog).getByLabelText('Producto'), 'Zapatillas Aire Trail Pro');
    await userEvent.type(within(dialog).getByLabelText('Precio'), '900');
    await userEvent.type(within(dialog).getByLabelText('Web (opcional)'), 'tienda');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar' }));
    expect(within(dialog).getByText('Como máximo 20 caracteres.')).toBeInTheDocument();
    expect(within(dialog).getByText('Como máximo 500.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Escribe una dirección web completa/)).toBeInTheDocument();
    expect(onRun).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Producto'));
    await userEvent.type(within(dialog).getByLabelText('Producto'), 'Aire Trail');
    await userEvent.clear(within(dialog).getByLabelText('Precio'));
    await userEvent.type(within(dialog).getByLabelText('Precio'), '89');
    await userEvent.selectOptions(within(dialog).getByLabelText('Idioma'), 'en');
    await userEvent.selectOptions(within(dialog).getByLabelText('Canal'), 'Instagram');
    await userEvent.clear(within(dialog).getByLabelText('Web (opcional)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onRun).toHaveBeenCalledWith({
      template: {
        id: launch.id,
        inputs: {
          producto: 'Aire Trail',
          precio: '89',
          idioma: 'en',
          canal: 'Instagram',
          detalles: '',
          web: '',
        },
      },
      message: 'Anuncia Aire Trail (89 €) en en para Instagram. Detalles: . Web: ',
      // The parts its reply comes in, for the chat to show while it is written.
      ran: { id: launch.id, name: 'Lanzamiento', output: launch.output },
    });
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('says so when the template asked for cannot be read', async () => {
    renderButton('/chat?template=00000000-0000-4000-8000-000000000999');
    expect(await screen.findByText('No se pudo recuperar la plantilla')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on the fields of a template asked for from the list of templates', async () => {
    renderButton(`/chat?template=${launch.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Usar una plantilla' });
    expect(await within(dialog).findByRole('heading', { name: 'Lanzamiento' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Producto')).toHaveFocus();
  });
});

describe("a template reply's parts", () => {
  const output = {
    parts: [
      { key: 'titular', label: 'Titular', maxChars: 30 },
      { key: 'ventajas', label: 'Ventajas', maxChars: 20, items: 2 },
      { key: 'cta', label: 'Llamada a la acción' },
    ],
  };
  const reply = [
    '### titular',
    'Corre más lejos con Aire Trail',
    '',
    '### ventajas',
    '- Ligeras como una pluma',
    '- Agarre en barro',
    '- Veganas',
    '',
    '### cta',
    'Pruébalas hoy',
  ].join('\n');

  it('shows each part with its length against its limit, those over it in the error colour', async () => {
    await changeLocale('es');
    render(<TemplateReplyParts content={reply} output={output} />);
    const parts = screen.getAllByTestId('template-part');
    expect(within(parts[0]!).getByText('Titular')).toBeInTheDocument();
    expect(within(parts[0]!).getByTestId('part-length')).toHaveTextContent('30/30');
    expect(within(parts[0]!).getByTestId('part-length')).not.toHaveClass('text-danger');

    const lengths = within(parts[1]!).getAllByTestId('part-length');
    expect(lengths.map((length) => length.textContent)).toEqual([
      '22/20 Supera el límite de 20 caracteres',
      '15/20',
      '7/20',
    ]);
    expect(lengths[0]).toHaveClass('text-danger');
    expect(within(parts[1]!).getByText('3/2 elementos')).toHaveClass('text-danger');
    expect(within(parts[2]!).getByTestId('part-length')).toHaveTextContent('13 caracteres');
  });

  it('says which part the reply lacks, in English too', async () => {
    await changeLocale('en');
    render(<TemplateReplyParts content={'### titular\nShort'} output={output} />);
    const parts = screen.getAllByTestId('template-part');
    expect(within(parts[0]!).getByTestId('part-length')).toHaveTextContent('5/30');
    expect(within(parts[1]!).getByText('Missing from the reply')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Parts' })).toBeInTheDocument();
  });
});
