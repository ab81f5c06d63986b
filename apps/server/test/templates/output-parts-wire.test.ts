import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { overLimit, parseOutput, renderTemplatePrompt } from '@redacta/shared';
import { createModels } from '../../src/ai/models.ts';
import { builtInTemplateId, builtInTemplate } from '../../src/modules/templates/built-ins.ts';
import { outputInstruction } from '../../src/modules/templates/output-parts.ts';
import { testConfig } from '../helpers/app.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';

/*
 * A template's parts across the wire: the real OpenAI provider sends the prompt with its parts'
 * instruction to a local OpenAI-protocol server, and what that server streams back is read into parts.
 */

let peer: OpenAIPeer;
let model: LanguageModelV3;
beforeEach(async () => {
  peer = await startOpenAIPeer();
  model = createModels(testConfig(peerAppEnv(peer))).standard.model;
});
afterEach(() => peer.close());

const socialAd = builtInTemplate(builtInTemplateId('es', 'social-ad'))!;
const inputs = {
  producto: 'Zapatillas Trail X',
  publico: 'corredores de montaña',
  beneficio: 'agarre en barro y roca',
};

/** The template run through the model: the text it streams back. */
async function runThroughPeer(): Promise<string> {
  const prompt = `${renderTemplatePrompt(socialAd.prompt, inputs)}\n\n${outputInstruction(socialAd.output, 'es')}`;
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
  });
  let text = '';
  for await (const part of stream) if (part.type === 'text-delta') text += part.delta;
  return text;
}

/** An answer streamed in pieces cut anywhere, as a model's tokens come. */
const inPieces = (text: string) => text.match(/[\s\S]{1,7}/g)!;

describe("a model's answer to a template with parts, over the OpenAI protocol", () => {
  it('is asked for in labelled sections and read back into its parts, within their limits', async () => {
    peer.script = {
      chunks: inPieces(
        [
          '**Texto principal:** ¿El barro te frena? Con las Zapatillas Trail X subes y bajas con agarre de verdad. 🏔️',
          '',
          '### headline',
          'Agarre en barro y roca',
          '',
          '### description',
          'Pruébalas este finde',
        ].join('\n'),
      ),
    };
    const answer = await runThroughPeer();
    const sent = JSON.stringify(peer.requests[0]!.body.messages);
    expect(sent).toContain('### primary_text');
    expect(sent).toContain('como máximo 125 caracteres');
    const parsed = parseOutput(answer, socialAd.output);
    expect(parsed).toEqual({
      outputs: {
        primary_text: '¿El barro te frena? Con las Zapatillas Trail X subes y bajas con agarre de verdad. 🏔️',
        headline: 'Agarre en barro y roca',
        description: 'Pruébalas este finde',
      },
      flags: [],
      problems: [],
    });
    expect(overLimit(parsed)).toBe(false);
  });

  it('flags a part over its limit, keeping it whole for the caller to write again or show', async () => {
    const headline = 'Las zapatillas de trail con más agarre que vas a probar este año';
    peer.script = {
      chunks: inPieces(
        `### primary_text\nSube sin resbalar.\n\n### headline\n${headline}\n\n### description\nPruébalas`,
      ),
    };
    const parsed = parseOutput(await runThroughPeer(), socialAd.output);
    expect(parsed.outputs.headline).toBe(headline);
    expect(parsed.flags).toEqual([{ part: 'headline', length: headline.length, maxChars: 40 }]);
    expect(overLimit(parsed)).toBe(true);
  });
});
