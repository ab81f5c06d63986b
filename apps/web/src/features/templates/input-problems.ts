import type { TFunction } from 'i18next';
import {
  templateInputProblems,
  type TemplateField,
  type TemplateInputProblem,
  type TemplateInputs,
} from '@redacta/shared';

/** A run's inputs checked by the shared rule, each problem worded in the interface language, by field key. */
export function inputErrors(
  t: TFunction,
  fields: TemplateField[],
  inputs: TemplateInputs,
): Record<string, string> {
  return Object.fromEntries(
    templateInputProblems(fields, inputs).map((problem) => [problem.field, inputProblemText(t, problem)]),
  );
}

export function inputProblemText(t: TFunction, problem: TemplateInputProblem): string {
  return t(`templates.inputProblems.${problem.code}`, { limit: problem.limit });
}
