import type { TemplateInputs, TemplateOutput } from '@redacta/shared';

/** A template run from the composer: what the chat sends, and the parts its reply comes in. */
export interface TemplateRun {
  template: { id: string; inputs: TemplateInputs };
  /** The prompt with the inputs in, as the request shows until the server's saved copy comes. */
  message: string;
  output: TemplateOutput | null;
}
