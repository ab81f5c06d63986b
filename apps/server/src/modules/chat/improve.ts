import { buildImprovePrompt } from '../../ai/prompts.ts';
import { runChargedTask, type AiDeps, type CallContext } from '../ai-tasks/charged-task.ts';

/** "Improve": the draft rewritten by the model as a clearer request; its words are charged. */
export function improvePrompt(
  deps: AiDeps,
  input: { workspaceId: string; userId: string; text: string },
  context: CallContext,
) {
  return runChargedTask(
    deps,
    { ...input, task: 'improve', instructions: (language) => buildImprovePrompt({ language }) },
    context,
  );
}
