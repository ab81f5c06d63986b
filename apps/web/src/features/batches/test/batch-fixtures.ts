import type { Batch, BatchRow, CreatedBatch, Template } from '@redacta/shared';
import { json, type ApiHandler } from '../../../../test/render';
import { me, WORKSPACE_ID, workspaceFixture } from '../../../../test/fixtures';

export const TEMPLATE_ID = '33333333-3333-4333-8333-333333333333';
export const BATCH_ID = '44444444-4444-4444-8444-444444444444';

/** A search-ad template: two fields (the product required) and two parts with Google's limits. */
export const adTemplate: Template = {
  id: TEMPLATE_ID,
  name: 'Anuncio de búsqueda',
  description: 'Titular y descripción con los límites de Google Ads.',
  language: 'es',
  prompt: 'Escribe un anuncio para {{producto}} dirigido a {{publico}}.',
  fields: [
    { key: 'producto', label: 'Producto', type: 'text', required: true },
    { key: 'publico', label: 'Público', type: 'text', required: false },
  ],
  output: {
    parts: [
      { key: 'titular', label: 'Titular', maxChars: 30 },
      { key: 'descripcion', label: 'Descripción', maxChars: 90 },
    ],
  },
  builtIn: true,
  createdBy: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
};

export function batchFixture(overrides: Partial<Batch> = {}): Batch {
  return {
    id: BATCH_ID,
    workspaceId: WORKSPACE_ID,
    templateId: TEMPLATE_ID,
    templateName: adTemplate.name,
    fileName: 'catálogo.csv',
    status: 'running',
    total: 3,
    done: 0,
    failed: 0,
    skipped: 0,
    wordsCharged: 0,
    skipInvalid: false,
    createdBy: me.id,
    createdAt: '2026-12-06T10:00:00.000Z',
    startedAt: '2026-12-06T10:00:05.000Z',
    finishedAt: null,
    ...overrides,
  };
}

export function rowFixture(index: number, overrides: Partial<BatchRow> = {}): BatchRow {
  return {
    index,
    status: 'pending',
    inputs: { producto: `Zapatilla ${index + 1}`, publico: 'corredores' },
    outputs: {},
    words: 0,
    edited: false,
    ...overrides,
  };
}

/** Row `index` written: a headline and a description. */
export const doneRow = (index: number, titular: string, overrides: Partial<BatchRow> = {}) =>
  rowFixture(index, {
    status: 'done',
    outputs: { titular, descripcion: `Descripción de la zapatilla ${index + 1}.` },
    words: 12,
    ...overrides,
  });

export function createdFixture(overrides: Partial<CreatedBatch> = {}): CreatedBatch {
  return {
    ...batchFixture({ status: 'draft', startedAt: null }),
    columns: ['Producto', 'Público objetivo', 'Precio'],
    mapping: { producto: 'Producto' },
    invalid: [],
    preview: [
      { index: 0, prompt: 'Escribe un anuncio para Zapatilla 1 dirigido a .', invalid: false },
      { index: 1, prompt: 'Escribe un anuncio para Zapatilla 2 dirigido a .', invalid: false },
    ],
    estimatedWords: 120,
    ...overrides,
  };
}

/** The session's answers every page needs: the refresh, the workspace list and the usage. */
export const sessionHandlers = (remaining: number | null = 2000): Record<string, ApiHandler> => ({
  'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
  'GET /api/workspace/list': () => json(200, [workspaceFixture()]),
  [`GET /api/workspace/${WORKSPACE_ID}/usage`]: () =>
    json(200, {
      workspaceId: WORKSPACE_ID,
      wordCount: 0,
      limit: remaining === null ? null : 2000,
      remaining,
      resetsAt: '2027-01-01T00:00:00Z',
    }),
  [`GET /api/template/${TEMPLATE_ID}`]: () => json(200, adTemplate),
  [`GET /api/workspace/${WORKSPACE_ID}/templates`]: () => json(200, { templates: [adTemplate] }),
});
