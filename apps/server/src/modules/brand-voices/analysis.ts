import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BRAND_VOICE_SAMPLE_HARD_MAX_WORDS,
  countWords,
  sampleLengthWarning,
  type AnalyzeContentBody,
  type AnalyzeContentResponse,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import type { Models } from '../../ai/models.ts';
import { redactaOptions } from '../../ai/demo-writer.ts';
import { AppError } from '../../lib/errors.ts';
import { ModelStreamError, modelAnswer, type StreamTimeouts } from '../chat/model-stream.ts';
import { chatWorkspace, modelFor } from '../chat/service.ts';
import { chargeWords, requireWordsLeft, type UsageSettings } from '../usage/service.ts';
import { buildAnalysisPrompt } from './analysis-prompt.ts';

export interface AnalysisDeps {
  db: Db;
  models: Models;
  usage: UsageSettings;
  timeouts: StreamTimeouts;
}

/**
 * `PATCH /brand-voice/analyze-content`: the model describes the voice of a sample, through the same
 * models, allowance and word charging as chat. Refuses samples without words or over 5,000 words;
 * outside the recommended 50–500 it answers with a warning. Any model failure is
 * BRAND_VOICE_ANALYSIS_FAILED ("Text analysis error"), and nothing is charged.
 */
export async function analyzeContent(
  deps: AnalysisDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: AnalyzeContentBody,
): Promise<AnalyzeContentResponse> {
  const { db, models } = deps;
  const workspace = await chatWorkspace(db, body.workspaceId, request.userId);
  const sampleWords = countWords(body.text);
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
  await requireWordsLeft(db, workspace, deps.usage);

  const chat = modelFor(models, workspace);
  let voice: string;
  try {
    voice = await modelAnswer(
      chat.model,
      {
        prompt: [
          { role: 'system', content: buildAnalysisPrompt({ language: workspace.language }) },
          { role: 'user', content: [{ type: 'text', text: body.text }] },
        ],
        providerOptions: redactaOptions({ language: workspace.language, task: 'analyze' }),
      },
      deps.timeouts,
      reply,
    );
  } catch (error) {
    const reason = error instanceof ModelStreamError ? error.reason : 'provider';
    if (reason !== 'aborted') {
      request.log.warn(
        { err: (error as { cause?: unknown }).cause ?? error, reason },
        'voice analysis failed',
      );
    }
    throw new AppError(
      'BRAND_VOICE_ANALYSIS_FAILED',
      reason === 'timeout'
        ? 'The AI model took too long to analyse the text'
        : 'The AI model could not analyse the text',
      reason === 'timeout' ? 504 : 502,
    );
  }
  if (!voice)
    throw new AppError('BRAND_VOICE_ANALYSIS_FAILED', 'The AI model returned an empty analysis', 502);
  const wordsCharged = countWords(voice);
  const usage = await chargeWords(db, workspace, wordsCharged, deps.usage);
  return {
    voice,
    sampleWords,
    warning: sampleLengthWarning(sampleWords),
    wordsCharged,
    remaining: usage.remaining,
  };
}
