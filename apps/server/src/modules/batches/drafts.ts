import { eq } from 'drizzle-orm';
import {
  BATCH_ROWS_MAX,
  renderTemplatePrompt,
  templateInputProblems,
  type BatchControls,
  type BatchInputProblem,
  type BatchMapping,
  type CreatedBatch,
  type Plan,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { batchRows, batches, workspaces } from '../../db/schema.ts';
import { AppError, notFound, RateLimitedError } from '../../lib/errors.ts';
import { requireMembership } from '../workspaces/service.ts';
import { requireStorageRoom, textBytes } from '../storage/service.ts';
import { findUsableTemplate } from '../templates/service.ts';
import { readSpreadsheet } from './spreadsheet/index.ts';
import { estimatedRowWords } from './estimate.ts';
import type { BatchTemplate } from './row-generator.ts';
import { matchColumns, rowInputs } from './rows.ts';
import {
  allRows,
  batchFor,
  notDraft,
  templateOf,
  toBatch,
  type BatchDeps,
  type BatchRecord,
  type StoredRow,
} from './records.ts';

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
/** When an upload refused for want of a free read is worth sending again. */
const READ_RETRY_AFTER_SECONDS = 5;
/** Rows written by one insert statement. */
const INSERT_CHUNK = 500;

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
  const sheet = await deps.spreadsheetReads.run(
    () => readSpreadsheet(deps.spreadsheetThreads, upload.file, upload.fileName),
    () =>
      new RateLimitedError(
        'Too many files are being read right now: send it again in a moment',
        READ_RETRY_AFTER_SECONDS,
      ),
  );
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
        fileProblems: sheet.problems,
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
  return draftView(batch, rows);
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
  return draftView(batch, await allRows(deps.db, batchId));
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
export function invalidRows(
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
        code: problem.code,
        ...(problem.limit === undefined ? {} : { limit: problem.limit }),
      }),
    ),
  );
}

/** A draft as its maker sees it: what the file and the template refuse, the first prompts, the words. */
function draftView(batch: BatchRecord, rows: readonly StoredRow[]): CreatedBatch {
  const template = templateOf(batch);
  const mapping = batch.mapping as BatchMapping;
  const invalid = invalidRows(template, mapping, rows);
  const invalidIndexes = new Set(invalid.map((problem) => problem.index));
  const toWrite = batch.skipInvalid ? rows.length - invalidIndexes.size : rows.length;
  return {
    ...toBatch(batch),
    columns: batch.columns as string[],
    mapping,
    invalid: [
      ...(batch.fileProblems as BatchInputProblem[]),
      ...invalid.map(({ index: _index, ...problem }) => problem),
    ],
    preview: rows.slice(0, PREVIEW_ROWS).map((row) => ({
      index: row.index,
      prompt: renderTemplatePrompt(template.prompt, rowInputs(template.fields, mapping, row.inputs)),
      invalid: invalidIndexes.has(row.index),
    })),
    estimatedWords: toWrite * estimatedRowWords(template.output, batch.controls as BatchControls),
  };
}
