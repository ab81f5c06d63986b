import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BATCH_FILE_MAX_BYTES,
  BATCH_ROWS_MAX,
  batchExportQuerySchema,
  batchListResponseSchema,
  batchRowSchema,
  batchRowsQuerySchema,
  batchRowsResponseSchema,
  batchSchema,
  createdBatchSchema,
  editBatchRowBodySchema,
  idParamsSchema,
  idSchema,
  updateBatchBodySchema,
  type Batch,
  type ErrorBody,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { cancelBatch, getBatch, listBatches, pauseBatch, resumeBatch, startBatch } from './service.ts';
import { createBatch, updateDraft } from './drafts.ts';
import { editRow, exportBatch, listRows, regenerateRow } from './row-actions.ts';
import type { BatchDeps } from './records.ts';
import { batchUploadLimits, readBatchUpload } from './upload.ts';

const rowParamsSchema = z.strictObject({ id: idSchema, index: z.coerce.number().int().min(0) });

/**
 * Bulk runs (docs/product.md, "Templates and bulk runs"; ADR 0031), under their full paths. Any member
 * of the batch's workspace may see, start, pause, resume, cancel, edit and export it; anyone else gets 404.
 * Open pages follow a running batch by reading it again (`GET /batch/{id}` and its rows).
 */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BatchDeps = {
    db: app.db,
    queue: app.batchQueue,
    quotas: app.storageQuotas,
    usage: { freePlanWords: app.config.FREE_PLAN_WORDS },
    spreadsheetReads: app.spreadsheetReads,
    webhookEvents: app.webhookEvents,
    spreadsheetThreads: app.spreadsheetThreads,
  };
  const schema = signedInSchemas({ tag: 'batches', errors: [404] });
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart, { limits: batchUploadLimits });

  app.post(
    '/workspace/:id/batches',
    {
      schema: schema({
        operationId: 'createBatch',
        summary:
          'Make a batch from a spreadsheet and a template (multipart: `file`, `templateId`, `mapping`, `controls`)',
        description:
          `CSV or XLSX of at most ${BATCH_FILE_MAX_BYTES / 1024 / 1024} MB (413) and at most the plan's rows ` +
          `(${BATCH_ROWS_MAX.free} on Free, ${BATCH_ROWS_MAX.pro_monthly} on Pro: 400 BATCH_TOO_MANY_ROWS). ` +
          'Columns fill the fields whose key or label they are named as, unless `mapping` (JSON `{ fieldKey: column }`) ' +
          'says otherwise. The batch is a draft: `invalid` lists rows the template refuses by line and column, ' +
          '`preview` the first rows as the prompts they send, `estimatedWords` what it should take. Nothing is charged. ' +
          'While the server reads as many files as it reads at once, an upload waits its turn a few seconds, then is ' +
          '429 RATE_LIMITED with a Retry-After.',
        params: idParamsSchema,
        response: { 201: createdBatchSchema },
        errors: [413, 429],
      }),
    },
    async (request, reply) => {
      const upload = await readBatchUpload(request);
      const created = await createBatch(deps, request.params.id, request.userId, upload);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/workspace/:id/batches',
    {
      schema: schema({
        operationId: 'listBatches',
        summary: "The workspace's batches, newest first",
        params: idParamsSchema,
        response: { 200: batchListResponseSchema },
      }),
    },
    async (request) => ({ batches: await listBatches(app.db, request.params.id, request.userId) }),
  );

  app.get(
    '/batch/:id',
    {
      schema: schema({
        operationId: 'getBatch',
        summary: 'A batch with its progress: rows done and failed, words charged',
        params: idParamsSchema,
        response: { 200: batchSchema },
      }),
    },
    (request) => getBatch(app.db, request.params.id, request.userId),
  );

  app.patch(
    '/batch/:id',
    {
      schema: schema({
        operationId: 'updateBatchDraft',
        summary:
          'Change a draft: which column fills each field, whether rows the template refuses are skipped',
        description: 'A batch that has started is 409 CONFLICT.',
        params: idParamsSchema,
        body: updateBatchBodySchema,
        bodyExample: { mapping: { product: 'Product name' }, skipInvalid: true },
        response: { 200: createdBatchSchema },
        errors: [409],
      }),
    },
    (request) => updateDraft(deps, request.params.id, request.userId, request.body),
  );

  // A batch's life: each step answers the batch as it stands after it.
  const lifeSteps: {
    step: 'start' | 'pause' | 'resume' | 'cancel';
    operationId: string;
    summary: string;
    description?: string;
    errors: (403 | 409)[];
    run: (batchId: string, userId: string) => Promise<Batch>;
  }[] = [
    {
      step: 'start',
      operationId: 'startBatch',
      summary: 'Start a draft: every row to write is queued',
      description:
        'Once only (a second start is 409 CONFLICT). 409 BATCH_INVALID_ROWS while rows the template refuses are ' +
        'not skipped; 403 NO_WORDS_LEFT once the month is used up.',
      errors: [403, 409],
      run: (batchId, userId) => startBatch(deps, batchId, userId),
    },
    {
      step: 'pause',
      operationId: 'pauseBatch',
      summary: 'Pause a running batch: rows being written end, no other starts',
      errors: [409],
      run: (batchId, userId) => pauseBatch(app.db, batchId, userId),
    },
    {
      step: 'resume',
      operationId: 'resumeBatch',
      summary: 'Resume a paused batch',
      description: '403 NO_WORDS_LEFT once the month is used up.',
      errors: [403, 409],
      run: (batchId, userId) => resumeBatch(deps, batchId, userId),
    },
    {
      step: 'cancel',
      operationId: 'cancelBatch',
      summary: 'Cancel a batch: rows not written yet are skipped; rows being written finish',
      errors: [409],
      run: (batchId, userId) => cancelBatch(app.db, batchId, userId),
    },
  ];
  for (const { step, operationId, summary, description, errors, run } of lifeSteps) {
    app.post(
      `/batch/:id/${step}`,
      {
        schema: schema({
          operationId,
          summary,
          ...(description === undefined ? {} : { description }),
          params: idParamsSchema,
          response: { 200: batchSchema },
          errors,
        }),
        // Starting or resuming sets the model writing rows; pausing and cancelling only change the batch.
        ...(step === 'start' || step === 'resume'
          ? { config: { apiKey: 'generate' as const, idempotency: {} } }
          : {}),
      },
      (request) => run(request.params.id, request.userId),
    );
  }

  app.get(
    '/batch/:id/rows',
    {
      schema: schema({
        operationId: 'listBatchRows',
        summary: "A page of the batch's rows in file order, with their outputs by part",
        params: idParamsSchema,
        querystring: batchRowsQuerySchema,
        response: { 200: batchRowsResponseSchema },
      }),
    },
    async (request) => ({ rows: await listRows(app.db, request.params.id, request.userId, request.query) }),
  );

  app.patch(
    '/batch/:id/row/:index',
    {
      schema: schema({
        operationId: 'editBatchRow',
        summary: 'Change one part of a written row by hand (the row is marked edited)',
        params: rowParamsSchema,
        body: editBatchRowBodySchema,
        bodyExample: { part: 'headline', text: 'Leather boots, made to last' },
        response: { 200: batchRowSchema },
        errors: [409, 413],
      }),
    },
    (request) => editRow(deps, request.params.id, request.params.index, request.userId, request.body),
  );

  app.post(
    '/batch/:id/row/:index/regenerate',
    {
      schema: schema({
        operationId: 'regenerateBatchRow',
        summary: 'Write one row again (its new words are charged)',
        params: rowParamsSchema,
        response: { 200: batchRowSchema },
        errors: [403, 409],
      }),
      config: { apiKey: 'generate', idempotency: {} },
    },
    (request) => regenerateRow(deps, request.params.id, request.params.index, request.userId),
  );

  app.get(
    '/batch/:id/export',
    {
      schema: schema({
        operationId: 'exportBatch',
        summary: "The batch's rows as a file: their input columns, then their parts",
        description: 'CSV in UTF-8 with a BOM, or XLSX; cells that start with = + - @ are escaped.',
        params: idParamsSchema,
        querystring: batchExportQuerySchema,
      }),
    },
    async (request, reply) => {
      const file = await exportBatch(app.db, request.params.id, request.userId, request.query.format);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          // A file, not JSON: with no 200 schema declared, the typed reply knows only the error bodies.
          .send(file.body as unknown as ErrorBody)
      );
    },
  );
};
