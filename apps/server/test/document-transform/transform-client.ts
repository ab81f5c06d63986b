import { readTransformStream, type TransformStreamPart } from '@redacta/shared';
import type { TestUser } from '../helpers/factories.ts';

/** Where a listening test app takes transforms, and as whom, in which project. */
export interface TransformTarget {
  base: string;
  user: TestUser;
  projectId: string;
}

/** `POST /api/document/transform` over the wire, in the user's workspace and the project, with `body`. */
export function postTransform(to: TransformTarget, body: Record<string, unknown>, signal?: AbortSignal) {
  return fetch(`${to.base}/api/document/transform`, {
    method: 'POST',
    headers: { ...to.user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: to.user.workspaceId, projectId: to.projectId, ...body }),
    signal,
  });
}

/** The stream's parts, up to the one `until` accepts (a stream cut by an abort ends the list). */
export async function partsOf(res: Response, until?: (parts: TransformStreamPart[]) => boolean) {
  const parts: TransformStreamPart[] = [];
  try {
    for await (const part of readTransformStream(res.body!)) {
      parts.push(part);
      if (until?.(parts)) break;
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
  return parts;
}

export const textOf = (parts: TransformStreamPart[]) =>
  parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
