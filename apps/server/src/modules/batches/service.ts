import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BATCH_ROWS_MAX,
  renderTemplatePrompt,
  templateInputProblems,
  type Batch,
  type BatchControls,
  type BatchInputProblem,
  type BatchMapping,
  type BatchRow,
  type CreatedBatch,
  type Plan,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { batchRows, batches, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { memberRole, requireMembership } from '../workspaces/service.ts';
import { requireStorageRoom, textBytes, type StorageQuotas } from '../storage/service.ts';
import { noWordsLeft, usageFor, type UsageSettings } from '../usage/service.ts';
import { findUsableTemplate } from '../templates/service.ts';
import { readSpreadsheet, writeCsv, writeXlsx } from './spreadsheet/index.ts';
import { estimatedRowWords } from './estimate.ts';
import type { BatchQueue } from './queue.ts';
import type { BatchTemplate } from './row-generator.ts';
import { finishIfComplete, matchColumns, rowInputs } from './rows.ts';

export interface BatchDeps {
  db: Db;
  queue: BatchQueue;
  quotas: StorageQuotas;
  usage: UsageSettings;
}

/** What `POST /workspace/{id}/batches` receives besides the workspace. */
export interface BatchUpload {
  file: Buffer;
  fileName: string;
  templateId: string;
  mapping?: BatchMapping;
  controls: BatchControls;
}

/** Rows shown rendered as prompts before a batch runs. */
const PREVIEW_ROWS = 3;
/** Rows written by one insert statement. */
const INSERT_CHUNK = 500;

type BatchRecord = typeof batches.$inferSelect;

/**
 * A batch made from an uploaded spreadsheet and a template of the workspace, as a draft: its rows
 * stored, its columns matched to the template's fields (or as `mapping` says), the rows a required
 * field misses listed by line and column, the first rows rendered, and the words it is expected to
 * take. Nothing runs and nothing is charged until it is started.
 */
export async function createBatch(
  deps: BatchDeps,
  workspaceId: string,
  userId: string,
  upload: BatchUpload,
): Promise<CreatedBatch> {
  const plan = await memberPlan(deps.db, workspaceId, userId);
  const template = await findUsableTemplate(deps.db, workspaceId, upload.templateId);
  if (!template) throw notFound('Template');
  const sheet = await readSpreadsheet(upload.file, upload.fileName);
  if (sheet.rows.length === 0)
    throw new AppError('VALIDATION_FAILED', 'The file has no rows under its header', 400, [
      { path: 'file', message: 'No rows' },
    ]);
  const cap = BATCH_ROWS_MAX[plan];
  if (sheet.rows.length > cap)
    throw new AppError(
      'BATCH_TOO_MANY_ROWS',
      `This plan runs at most ${cap} rows in one batch; the file has ${sheet.rows.length}`,
    );
  const snapshot: BatchTemplate = {
    language: template.language,
    prompt: template.prompt,
    fields: template.fields,
    ...(template.output ? { output: template.output } : {}),
  };
  const mapping = upload.mapping ?? matchColumns(template.fields, sheet.columns);
  checkMapping(snapshot, mapping, sheet.columns);
  const values = sheet.rows.map((row) => row.values);
  const batch = await deps.db.transaction(async (tx) => {
    await requireStorageRoom(tx, deps.quotas, workspaceId, textBytes(JSON.stringify(values)));
    const [created] = await tx
      .insert(batches)
      .values({
        workspaceId,
        templateId: template.id,
        templateName: template.name,
        template: snapshot,
        fileName: upload.fileName.slice(0, 255),
        columns: sheet.columns,
        mapping,
        controls: upload.controls,
        total: sheet.rows.length,
        createdBy: userId,
      })
      .returning();
    for (let start = 0; start < sheet.rows.length; start += INSERT_CHUNK) {
      await tx.insert(batchRows).values(
        sheet.rows.slice(start, start + INSERT_CHUNK).map((row, offset) => ({
          batchId: created!.id,
          index: start + offset,
          line: row.line,
          inputs: row.values,
        })),
      );
    }
    return created!;
  });
  const rows = sheet.rows.map((row, index) => ({ index, line: row.line, inputs: row.values, outputs: {} }));
  const fileProblems = sheet.problems;
  return draftView(batch, rows, fileProblems);
}

/** `GET /workspace/{id}/batches`: the workspace's batches, newest first. */
export async function listBatches(db: Db, workspaceId: string, userId: string): Promise<Batch[]> {
  await requireMembership(db, workspaceId, userId);
  const rows = await db
    .select()
    .from(batches)
    .where(eq(batches.workspaceId, workspaceId))
    .orderBy(desc(batches.createdAt), desc(batches.id));
  return rows.map(toBatch);
}

/** `GET /batch/{id}`. */
export async function getBatch(db: Db, batchId: string, userId: string): Promise<Batch> {
  return toBatch(await batchFor(db, batchId, userId));
}

/** `PATCH /batch/{id}`: another mapping, or whether rows missing a field are skipped, while a draft. */
export async function updateDraft(
  deps: BatchDeps,
  batchId: string,
  userId: string,
  change: { mapping?: BatchMapping | undefined; skipInvalid?: boolean | undefined },
): Promise<CreatedBatch> {
  const batch = await deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status !== 'draft') throw notDraft();
    if (change.mapping) checkMapping(templateOf(batch), change.mapping, batch.columns as string[]);
    const values = {
      ...(change.mapping ? { mapping: change.mapping } : {}),
      ...(change.skipInvalid !== undefined ? { skipInvalid: change.skipInvalid } : {}),
    };
    if (Object.keys(values).length === 0) return batch;
    const [updated] = await tx.update(batches).set(values).where(eq(batches.id, batchId)).returning();
    return updated!;
  });
  return draftView(batch, await allRows(deps.db, batchId), []);
}

/**
 * `POST /batch/{id}/start`: a draft starts under its lock (a second start finds it running: 409), if
 * its rows can run (rows missing a required field are skipped when the batch says so, otherwise 409)
 * and the workspace has words left (NO_WORDS_LEFT, as the chat). Every row to write is queued in the
 * same transaction.
 */
export async function startBatch(deps: BatchDeps, batchId: string, userId: string): Promise<Batch> {
  const batch = await deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status !== 'draft') throw notDraft();
    const plan = await requireWordsLeft(tx, batch.workspaceId, deps.usage);
    const rows = await allRows(tx, batchId);
    const invalid = invalidRows(templateOf(batch), batch.mapping as BatchMapping, rows);
    if (invalid.length > 0 && !batch.skipInvalid)
      throw new AppError(
        'BATCH_INVALID_ROWS',
        `${invalid.length} rows miss a required field or have a wrong value: correct the file or skip them`,
        409,
      );
    const skipped = new Set(invalid.map((problem) => problem.index));
    if (skipped.size > 0)
      await tx
        .update(batchRows)
        .set({ status: 'skipped' })
        .where(and(eq(batchRows.batchId, batchId), inArray(batchRows.index, [...skipped])));
    await tx.update(batches).set({ status: 'running', startedAt: new Date() }).where(eq(batches.id, batchId));
    const toWrite = rows.filter((row) => !skipped.has(row.index));
    await deps.queue.enqueue(
      tx,
      toWrite.map((row) => ({ batchId, index: row.index, workspaceId: batch.workspaceId, plan })),
    );
    await finishIfComplete(tx, batchId);
    return (await batchFor(tx, batchId, userId))!;
  });
  deps.queue.wake();
  return toBatch(batch);
}

/** `POST /batch/{id}/pause`: rows being written end; no other row starts until it is resumed. */
export async function pauseBatch(db: Db, batchId: string, userId: string): Promise<Batch> {
  return db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status !== 'running') throw new AppError('CONFLICT', 'Only a running batch can be paused', 409);
    const [paused] = await tx
      .update(batches)
      .set({ status: 'paused' })
      .where(eq(batches.id, batchId))
      .returning();
    return toBatch(paused!);
  });
}

/** `POST /batch/{id}/resume`: the rows still to write are queued again (NO_WORDS_LEFT without words). */
export async function resumeBatch(deps: BatchDeps, batchId: string, userId: string): Promise<Batch> {
  const batch = await deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status !== 'paused') throw new AppError('CONFLICT', 'Only a paused batch can be resumed', 409);
    const plan = await requireWordsLeft(tx, batch.workspaceId, deps.usage);
    await tx.update(batches).set({ status: 'running' }).where(eq(batches.id, batchId));
    const pending = await tx
      .select({ index: batchRows.index })
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'pending')));
    // A row whose job still waits (a retry's delay) keeps it: the queue takes one job per row.
    await deps.queue.enqueue(
      tx,
      pending.map((row) => ({ batchId, index: row.index, workspaceId: batch.workspaceId, plan })),
    );
    await finishIfComplete(tx, batchId);
    return (await batchFor(tx, batchId, userId))!;
  });
  deps.queue.wake();
  return toBatch(batch);
}

/**
 * `POST /batch/{id}/cancel`: the rows not written yet are skipped and the batch ends; rows being
 * written finish and are kept (and charged: their words were written). A row holds a reservation only
 * while it is written, so nothing else is held.
 */
export async function cancelBatch(db: Db, batchId: string, userId: string): Promise<Batch> {
  return db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status === 'done' || batch.status === 'cancelled')
      throw new AppError('CONFLICT', 'This batch has already ended', 409);
    await tx
      .update(batchRows)
      .set({ status: 'skipped' })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'pending')));
    const [cancelled] = await tx
      .update(batches)
      .set({ status: 'cancelled', finishedAt: new Date() })
      .where(eq(batches.id, batchId))
      .returning();
    return toBatch(cancelled!);
  });
}

/** `GET /batch/{id}/rows`: a page of rows in file order. */
export async function listRows(
  db: Db,
  batchId: string,
  userId: string,
  page: { offset: number; limit: number },
): Promise<BatchRow[]> {
  await batchFor(db, batchId, userId);
  const rows = await db
    .select()
    .from(batchRows)
    .where(eq(batchRows.batchId, batchId))
    .orderBy(asc(batchRows.index))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map(toRow);
}

/**
 * `PATCH /batch/{id}/row/{index}`: one part of a written row changed by hand (400 for a part the
 * template does not have, 409 for a row not written yet); the row is marked edited.
 */
export async function editRow(
  deps: BatchDeps,
  batchId: string,
  index: number,
  userId: string,
  edit: { part: string; text: string },
): Promise<BatchRow> {
  return deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    const parts = partKeys(templateOf(batch));
    if (!parts.includes(edit.part))
      throw new AppError('VALIDATION_FAILED', `This template writes no part "${edit.part}"`, 400, [
        { path: 'part', message: `One of ${parts.join(', ')}` },
      ]);
    const row = await rowFor(tx, batchId, index);
    if (row.status !== 'done') throw new AppError('CONFLICT', 'Only a written row can be edited', 409);
    const outputs = row.outputs as Record<string, string>;
    await requireStorageRoom(
      tx,
      deps.quotas,
      batch.workspaceId,
      textBytes(edit.text) - textBytes(outputs[edit.part]),
    );
    const [edited] = await tx
      .update(batchRows)
      .set({ outputs: { ...outputs, [edit.part]: edit.text }, edited: true })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.index, index)))
      .returning();
    return toRow(edited!);
  });
}

/**
 * `POST /batch/{id}/row/{index}/regenerate`: a written or failed row is written again — new words,
 * charged again. A finished batch runs again for it; a paused one writes it when resumed.
 */
export async function regenerateRow(
  deps: BatchDeps,
  batchId: string,
  index: number,
  userId: string,
): Promise<BatchRow> {
  const row = await deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status === 'draft' || batch.status === 'cancelled')
      throw new AppError(
        'CONFLICT',
        'Rows are written again only in a started batch that was not cancelled',
        409,
      );
    const row = await rowFor(tx, batchId, index);
    if (row.status !== 'done' && row.status !== 'failed')
      throw new AppError('CONFLICT', 'This row is still to be written', 409);
    const plan = await requireWordsLeft(tx, batch.workspaceId, deps.usage);
    await tx
      .update(batches)
      .set({
        ...(row.status === 'done'
          ? { done: sql`${batches.done} - 1` }
          : { failed: sql`${batches.failed} - 1` }),
        ...(batch.status === 'done' ? { status: 'running' as const, finishedAt: null } : {}),
      })
      .where(eq(batches.id, batchId));
    const [queued] = await tx
      .update(batchRows)
      .set({ status: 'pending', error: null, edited: false })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.index, index)))
      .returning();
    await deps.queue.enqueue(tx, [{ batchId, index, workspaceId: batch.workspaceId, plan }]);
    return queued!;
  });
  deps.queue.wake();
  return toRow(row);
}

/** `GET /batch/{id}/export`: every row, its input columns then its parts, as CSV or XLSX. */
export async function exportBatch(
  db: Db,
  batchId: string,
  userId: string,
  format: 'csv' | 'xlsx',
): Promise<{ fileName: string; body: Buffer; contentType: string }> {
  const batch = await batchFor(db, batchId, userId);
  const template = templateOf(batch);
  const columns = batch.columns as string[];
  const parts = template.output?.parts ?? [{ key: 'text', label: 'text' }];
  const rows = await allRows(db, batchId, true);
  const cells = rows.map((row) => [
    ...columns.map((column) => row.inputs[column] ?? ''),
    ...parts.map((part) => row.outputs[part.key] ?? ''),
  ]);
  const header = [...columns, ...parts.map((part) => part.label)];
  const base = batch.fileName.replace(/\.[^.]+$/, '') || 'batch';
  if (format === 'xlsx')
    return {
      fileName: `${base}-results.xlsx`,
      body: await writeXlsx(header, cells),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  return {
    fileName: `${base}-results.csv`,
    body: writeCsv(header, cells),
    contentType: 'text/csv; charset=utf-8',
  };
}

/**
 * The batch for a member of its workspace (404 for anyone else, as for a batch that does not exist);
 * `lock` takes the batch's row lock, which every change of a batch and its rows takes first.
 */
async function batchFor(db: Db | Tx, batchId: string, userId: string, lock = false): Promise<BatchRecord> {
  const query = db
    .select({ batch: batches })
    .from(batches)
    .crossJoin(memberRole(batches.workspaceId, userId).from)
    .where(eq(batches.id, batchId));
  const [row] = lock ? await query.for('update', { of: batches }) : await query;
  if (!row) throw notFound('Batch');
  return row.batch;
}

async function rowFor(tx: Tx, batchId: string, index: number) {
  const [row] = await tx
    .select()
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.index, index)))
    .for('update');
  if (!row) throw notFound('Row');
  return row;
}

interface StoredRow {
  index: number;
  line: number;
  inputs: Record<string, string>;
  outputs: Record<string, string>;
}

async function allRows(db: Db | Tx, batchId: string, withOutputs = false): Promise<StoredRow[]> {
  const rows = await db
    .select({
      index: batchRows.index,
      line: batchRows.line,
      inputs: batchRows.inputs,
      outputs: withOutputs ? batchRows.outputs : sql`'{}'::jsonb`,
    })
    .from(batchRows)
    .where(eq(batchRows.batchId, batchId))
    .orderBy(asc(batchRows.index));
  return rows as StoredRow[];
}

/** The workspace's plan, for a member of it (404 otherwise). */
async function memberPlan(db: Db, workspaceId: string, userId: string): Promise<Plan> {
  await requireMembership(db, workspaceId, userId);
  const [workspace] = await db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return workspace!.plan;
}

/** NO_WORDS_LEFT when the workspace's month is used up; its plan otherwise. */
async function requireWordsLeft(tx: Tx, workspaceId: string, settings: UsageSettings): Promise<Plan> {
  const [workspace] = await tx
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const usage = await usageFor(tx, { id: workspaceId, plan: workspace!.plan }, settings);
  if (usage.remaining === 0) throw noWordsLeft();
  return workspace!.plan;
}

/** 400 for a mapping naming a field the template does not have or a column the file does not have. */
function checkMapping(template: BatchTemplate, mapping: BatchMapping, columns: readonly string[]): void {
  const fields = new Set(template.fields.map((field) => field.key));
  const problems = Object.entries(mapping).flatMap(([key, column]) => [
    ...(fields.has(key) ? [] : [{ path: `mapping.${key}`, message: 'The template has no such field' }]),
    ...(columns.includes(column)
      ? []
      : [{ path: `mapping.${key}`, message: `The file has no column "${column}"` }]),
  ]);
  if (problems.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'The mapping does not fit the template and the file',
      400,
      problems,
    );
}

/** Rows whose inputs the template refuses, with the line and column of each problem. */
function invalidRows(
  template: BatchTemplate,
  mapping: BatchMapping,
  rows: readonly StoredRow[],
): (BatchInputProblem & { index: number })[] {
  const labels = new Map(template.fields.map((field) => [field.key, field.label]));
  return rows.flatMap((row) =>
    templateInputProblems(template.fields, rowInputs(template.fields, mapping, row.inputs)).map(
      (problem) => ({
        index: row.index,
        line: row.line,
        column: mapping[problem.field] ?? labels.get(problem.field) ?? problem.field,
        message: problem.message,
      }),
    ),
  );
}

function draftView(
  batch: BatchRecord,
  rows: readonly StoredRow[],
  fileProblems: BatchInputProblem[],
): CreatedBatch {
  const template = templateOf(batch);
  const mapping = batch.mapping as BatchMapping;
  const invalid = invalidRows(template, mapping, rows);
  const invalidIndexes = new Set(invalid.map((problem) => problem.index));
  const toWrite = batch.skipInvalid ? rows.length - invalidIndexes.size : rows.length;
  return {
    ...toBatch(batch),
    columns: batch.columns as string[],
    mapping,
    invalid: [...fileProblems, ...invalid.map(({ line, column, message }) => ({ line, column, message }))],
    preview: rows.slice(0, PREVIEW_ROWS).map((row) => ({
      index: row.index,
      prompt: renderTemplatePrompt(template.prompt, rowInputs(template.fields, mapping, row.inputs)),
    })),
    estimatedWords: toWrite * estimatedRowWords(template.output, batch.controls as BatchControls),
  };
}

const templateOf = (batch: BatchRecord) => batch.template as BatchTemplate;
const partKeys = (template: BatchTemplate) => template.output?.parts.map((part) => part.key) ?? ['text'];
const notDraft = () => new AppError('CONFLICT', 'This batch has already started', 409);

function toBatch(batch: BatchRecord): Batch {
  return {
    id: batch.id,
    workspaceId: batch.workspaceId,
    templateId: batch.templateId,
    templateName: batch.templateName,
    fileName: batch.fileName,
    status: batch.status,
    total: batch.total,
    done: batch.done,
    failed: batch.failed,
    wordsCharged: batch.wordsCharged,
    skipInvalid: batch.skipInvalid,
    createdBy: batch.createdBy,
    createdAt: batch.createdAt.toISOString(),
    startedAt: batch.startedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}

function toRow(row: typeof batchRows.$inferSelect): BatchRow {
  const flags = row.flags as BatchRow['flags'];
  return {
    index: row.index,
    status: row.status,
    inputs: row.inputs as Record<string, string>,
    outputs: row.outputs as Record<string, string>,
    words: row.words,
    ...(row.error ? { error: row.error } : {}),
    ...(flags && flags.length > 0 ? { flags } : {}),
    edited: row.edited,
  };
}
