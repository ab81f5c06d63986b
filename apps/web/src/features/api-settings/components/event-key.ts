import type { WebhookEvent } from '@redacta/shared';

/** An event's name as a catalogue key: the texts' keys are split at dots. */
export const eventKey = (event: WebhookEvent) => event.replace('.', '_');
