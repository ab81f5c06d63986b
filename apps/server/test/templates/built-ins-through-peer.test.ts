import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  renderTemplatePrompt,
  type CreatedBatch,
  type Template,
  type TemplateField,
  type TemplateInputs,
  type TemplateOutputPart,
} from '@redacta/shared';
import { BUILT_IN_TEMPLATES } from '../../src/modules/templates/built-ins.ts';
import { outputInstruction } from '../../src/modules/templates/output-parts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer, type PeerRequest } from '../helpers/openai-peer.ts';
import { batchAction, createdBatch, readRows, waitForBatch } from '../batches/batch-helpers.ts';

/*
 * Every built-in template of both languages, run as a batch row through the generation pipeline and
 * the real OpenAI provider against a local OpenAI-protocol server that answers in the parts asked for.
 */

let peer: OpenAIPeer;
let t: TestApp;
let ana: TestUser;
beforeAll(async () => {
  peer = await startOpenAIPeer();
  t = await createTestApp(
    peerAppEnv(peer, { AI_FIRST_TOKEN_TIMEOUT_MS: '5000', AI_IDLE_TIMEOUT_MS: '5000' }),
  );
  ana = await createUser(t.app);
  await setPlan(t.app, ana.workspaceId, 'pro_monthly');
});
afterAll(async () => {
  await t.app.close();
  await peer.close();
});

/** A value each field takes as it stands: the first option of a choice, a language we write in… */
function inputFor(field: TemplateField): string {
  if (field.type === 'choice') return field.options![0]!;
  if (field.type === 'language') return 'fr';
  if (field.type === 'url') return 'https://tienda.example.com/zapatillas';
  if (field.type === 'number') return String(field.min ?? 1);
  return `Zapatillas de trail para ${field.key}`;
}

const inputsOf = (template: Template): TemplateInputs =>
  Object.fromEntries(template.fields.map((field) => [field.key, inputFor(field)]));

/** Text cut to a part's limit, as a model that keeps within it writes it. */
const within = (text: string, maxChars: number | undefined) =>
  (maxChars ? text.slice(0, maxChars) : text).trim();

/** What each part holds as the row keeps it: a list part's items one a line. */
function partValue(part: TemplateOutputPart): string {
  if (!part.items) return within(`${part.label}: ligeras, con agarre en barro y roca`, part.maxChars);
  return Array.from({ length: part.items }, (_, i) => within(`${part.label} ${i + 1}`, part.maxChars)).join(
    '\n',
  );
}

const expectedOutputs = (template: Template): Record<string, string> =>
  template.output
    ? Object.fromEntries(template.output.parts.map((part) => [part.key, partValue(part)]))
    : { text: 'Unas zapatillas ligeras para correr por la montaña.' };

/** The answer in labelled sections, `- ` before each item, as the instruction asks. */
function answerOf(template: Template): string {
  if (!template.output) return expectedOutputs(template).text!;
  return template.output.parts
    .map((part) => {
      const value = partValue(part);
      const body = part.items
        ? value
            .split('\n')
            .map((item) => `- ${item}`)
            .join('\n')
        : value;
      return `### ${part.key}\n${body}`;
    })
    .join('\n\n');
}

/** Every message's text the peer was sent, as one string. */
const sentText = (body: PeerRequest['body']) =>
  body.messages
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : (message.content as { type: string; text?: string }[]).map((piece) => piece.text ?? '').join('\n'),
    )
    .join('\n\n');

const rendered = (template: Template) => renderTemplatePrompt(template.prompt, inputsOf(template)).trim();

it(
  'runs every built-in template of both languages, asking for its parts with their limits and reading each back unflagged',
  { timeout: 120_000 },
  async () => {
    expect(new Set(BUILT_IN_TEMPLATES.map((template) => template.language))).toEqual(new Set(['es', 'en']));
    // The peer answers each request as the template whose prompt it carries.
    peer.script = {
      pieces: async function* (body) {
        const text = sentText(body);
        const template = BUILT_IN_TEMPLATES.find((candidate) => text.includes(rendered(candidate)));
        yield* (template ? answerOf(template) : 'No template asked for this').match(/[\s\S]{1,9}/g)!;
      },
    };
    // Made and started one after the other: reading a file is bounded in time, and this machine is shared.
    const batches: { template: Template; batch: CreatedBatch }[] = [];
    for (const template of BUILT_IN_TEMPLATES) {
      const inputs = inputsOf(template);
      const keys = Object.keys(inputs);
      const cells = keys.map((key) => `"${inputs[key]!.replaceAll('"', '""')}"`);
      const batch = await createdBatch(t.app, ana, {
        csv: `${keys.join(';')}\n${cells.join(';')}\n`,
        templateId: template.id,
      });
      expect(batch.invalid, template.name).toEqual([]);
      expect((await batchAction(t.app, ana, batch.id, 'start')).statusCode).toBe(200);
      batches.push({ template, batch });
    }
    for (const { batch } of batches)
      await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done', 60_000);

    // One request each: every answer kept within its limits, so none was asked for again.
    expect(peer.requests).toHaveLength(BUILT_IN_TEMPLATES.length);
    for (const { template, batch } of batches) {
      const asked = peer.requests
        .map((request) => sentText(request.body))
        .filter((text) => text.includes(rendered(template)));
      expect(asked, template.name).toHaveLength(1);
      const sent = asked[0]!;
      if (template.output) {
        expect(sent, template.name).toContain(outputInstruction(template.output, template.language));
        for (const part of template.output.parts) {
          const line = sent.split(`### ${part.key}\n`)[1]!.split('\n')[0]!;
          expect(line.startsWith(`${part.label}: `), `${template.name} ${part.key}: ${line}`).toBe(true);
          if (part.maxChars) expect(line, `${template.name} ${part.key}`).toContain(String(part.maxChars));
          if (part.items) expect(line, `${template.name} ${part.key}`).toContain(String(part.items));
        }
      }
      const [row] = await readRows(t.app, ana, batch.id);
      expect(row, template.name).toMatchObject({ status: 'done', outputs: expectedOutputs(template) });
      expect(row!.flags, template.name).toBeUndefined();
      expect(row!.words, template.name).toBeGreaterThan(0);
    }
  },
);
