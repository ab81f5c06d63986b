import {
  CHAT_MESSAGE_MAX_LENGTH,
  isStorableText,
  renderTemplatePrompt,
  templateInputProblems,
  UNSTORABLE_TEXT_MESSAGE,
  type TemplateInputs,
  type TemplateOutput,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { outputInstruction } from '../templates/output-parts.ts';
import { findUsableTemplate } from '../templates/service.ts';
import { requireMembership } from '../workspaces/service.ts';

/** A template run from the composer: the request it sends and the parts its copy is written in. */
export interface TemplateRun {
  /** The template's prompt with the inputs in place: saved as the user's message. */
  message: string;
  /** What the model is told besides the message: the template's output parts and their limits. */
  instruction?: string;
  output?: TemplateOutput;
}

/**
 * Renders a template run's request before its turn opens (the turn saves the rendering as the
 * message): the user must belong to the workspace and the template be built-in or the workspace's
 * (404 otherwise), and every input must suit its field (400 naming each field that does not).
 */
export async function openTemplateRun(
  db: Db,
  input: { workspaceId: string; userId: string; template: { id: string; inputs: TemplateInputs } },
): Promise<TemplateRun> {
  await requireMembership(db, input.workspaceId, input.userId);
  const template = await findUsableTemplate(db, input.workspaceId, input.template.id);
  if (!template) throw notFound('Template');
  const problems = templateInputProblems(template.fields, input.template.inputs);
  if (problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Check the template's fields: ${problems.map((p) => `${p.field} (${p.message})`).join(', ')}`,
      400,
      problems.map(({ field, message }) => ({ path: `template.inputs.${field}`, message })),
    );
  }
  const message = renderTemplatePrompt(template.prompt, input.template.inputs).trim();
  if (!message || message.length > CHAT_MESSAGE_MAX_LENGTH) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The template's prompt with these inputs must have 1 to ${CHAT_MESSAGE_MAX_LENGTH} characters`,
      400,
      [{ path: 'template.inputs', message: `At most ${CHAT_MESSAGE_MAX_LENGTH} characters in all` }],
    );
  }
  if (!isStorableText(message)) {
    throw new AppError('VALIDATION_FAILED', UNSTORABLE_TEXT_MESSAGE, 400, [
      { path: 'template.inputs', message: UNSTORABLE_TEXT_MESSAGE },
    ]);
  }
  if (!template.output) return { message };
  return {
    message,
    instruction: outputInstruction(template.output, template.language),
    output: template.output,
  };
}
