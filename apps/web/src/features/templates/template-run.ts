import type { RanTemplate, TemplateInputs } from '@redacta/shared';

/** A template run from the composer: what the chat sends. */
export interface TemplateRun {
  template: { id: string; inputs: TemplateInputs };
  /** The prompt with the inputs in, as the request shows until the server's saved copy comes. */
  message: string;
  /** The template as it runs (its name and the parts its reply comes in), for the reply on its way. */
  ran: RanTemplate;
}
