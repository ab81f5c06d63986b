import { storage, storageKeys } from '@/lib/storage';

/** The chat address of a project: /chat?project={id}. */
export const projectChatPath = (projectId: string) => `/chat?project=${encodeURIComponent(projectId)}`;

/**
 * Opening a project keeps the stored projectId in step with the address, so a reload of
 * /chat or the next visit lands on the same project.
 */
export function rememberOpenProject(projectId: string): void {
  storage.set(storageKeys.projectId, projectId);
}

/** A deleted project stops being the stored one, so /chat opens the newest instead of a dead id. */
export function forgetDeletedProjects(projectIds: string[]): void {
  const stored = storage.get(storageKeys.projectId);
  if (stored && projectIds.includes(stored)) storage.remove(storageKeys.projectId);
}
