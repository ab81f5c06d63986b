import type { Db } from '../../db/client.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

/** What the SCIM services need from the app, as plain values (no HTTP). */
export interface ScimDeps {
  db: Db;
  events: WebhookEvents;
  /**
   * Closes, on every instance, the live documents and conversations of someone whose membership just
   * ended (called after the transaction that ended it is committed).
   */
  closeAccess: (who: { workspaceId: string; userId: string }) => Promise<void>;
}
