import { z } from 'zod';
import { clientIdSchema } from './common.ts';
import { freeText } from '../rules/text.ts';

export const FOLDER_NAME_MAX_LENGTH = 100;

/** Folder names: required, trimmed, 1–100 characters, unique per workspace ignoring case. */
export const folderNameSchema = freeText({ max: FOLDER_NAME_MAX_LENGTH });

export const folderSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

/** In `GET /workspace/{id}/folders`: with the number of projects in it the user can see. */
export const folderWithCountSchema = folderSchema.extend({ projectCount: z.number().int().nonnegative() });
export type FolderWithCount = z.infer<typeof folderWithCountSchema>;
export const folderListResponseSchema = z.array(folderWithCountSchema);
export type FolderListResponse = z.infer<typeof folderListResponseSchema>;

export const createFolderBodySchema = z.strictObject({
  id: clientIdSchema,
  workspaceId: z.uuid(),
  name: folderNameSchema,
});
export type CreateFolderBody = z.infer<typeof createFolderBodySchema>;

export const renameFolderBodySchema = z.strictObject({ name: folderNameSchema });
export type RenameFolderBody = z.infer<typeof renameFolderBodySchema>;
