import { storage, storageKeys } from '@/lib/storage';

/** The chat, on the project open last, with this template's fields asked for. */
export function runInChatHref(templateId: string): string {
  const project = storage.get(storageKeys.projectId);
  const template = `template=${encodeURIComponent(templateId)}`;
  return project ? `/chat?project=${encodeURIComponent(project)}&${template}` : `/chat?${template}`;
}
