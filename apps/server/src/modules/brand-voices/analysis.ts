import {
  BRAND_VOICE_SAMPLE_HARD_MAX_WORDS,
  countWords,
  sampleLengthWarning,
  type AnalyzeContentBody,
  type AnalyzeContentResponse,
} from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import { runChargedTask, type AiDeps, type CallContext, type TaskFailure } from '../ai-tasks/charged-task.ts';
import { buildAnalysisPrompt } from './analysis-prompt.ts';

/**
 * Any failure of the analysis is BRAND_VOICE_ANALYSIS_FAILED ("Text analysis error"): 504 when the
 * model took too long, 502 otherwise.
 */
function analysisFailed(reason: TaskFailure): AppError {
  if (reason === 'timeout') {
    return new AppError('BRAND_VOICE_ANALYSIS_FAILED', 'The AI model took too long to analyse the text', 504);
  }
  if (reason === 'empty') {
    return new AppError('BRAND_VOICE_ANALYSIS_FAILED', 'The AI model returned an empty analysis', 502);
  }
  return new AppError('BRAND_VOICE_ANALYSIS_FAILED', 'The AI model could not analyse the text', 502);
}

/**
 * The model describes the voice of a sample, through the same models, allowance and word charging
 * as chat. Refuses samples without words or over 5,000 words; outside the recommended 50–500 it
 * answers with a warning. A failed analysis charges nothing.
 */
export async function analyzeContent(
  deps: AiDeps,
  input: AnalyzeContentBody & { userId: string },
  context: CallContext,
): Promise<AnalyzeContentResponse> {
  const sampleWords = countWords(input.text);
  if (sampleWords === 0) {
    throw new AppError('VALIDATION_FAILED', 'The sample has no words to analyse', 400, [
      { path: 'text', message: 'The sample has no words' },
    ]);
  }
  if (sampleWords > BRAND_VOICE_SAMPLE_HARD_MAX_WORDS) {
    throw new AppError(
      'BRAND_VOICE_SAMPLE_TOO_LONG',
      `The sample has ${sampleWords} words; the analysis takes at most ${BRAND_VOICE_SAMPLE_HARD_MAX_WORDS}`,
    );
  }
  const analysis = await runChargedTask(
    deps,
    {
      workspaceId: input.workspaceId,
      userId: input.userId,
      task: 'analyze',
      instructions: (language) => buildAnalysisPrompt({ language }),
      text: input.text,
      failure: analysisFailed,
    },
    context,
  );
  return {
    voice: analysis.text,
    sampleWords,
    warning: sampleLengthWarning(sampleWords),
    wordsCharged: analysis.wordsCharged,
    remaining: analysis.remaining,
  };
}
