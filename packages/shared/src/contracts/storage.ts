import { z } from 'zod';

/** `GET /workspace/{id}/storage`: what the workspace keeps against its plan's storage quota, in bytes. */
export const storageUsageSchema = z.object({
  workspaceId: z.uuid(),
  usedBytes: z.number().int().nonnegative(),
  limitBytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;
