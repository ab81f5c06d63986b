import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Problem } from '@/lib/error-message';
import { fileProblem } from '../file-check';
import { knowledgeKeys } from './knowledge-keys';
import { uploadKnowledgeFile } from './upload-knowledge-file';

/** A file on its way to the server, or one that could not go (kept until dismissed, with why). */
export interface Upload {
  id: number;
  name: string;
  loaded: number;
  total: number;
  problem: Problem | null;
}

let nextId = 0;

/**
 * Several files upload at once, each with its own progress. A file the server would refuse (its
 * kind, its size) fails at once without being sent. A sent file leaves this list when the server has
 * taken it: the source list, read again, shows it processing. Leaving the page cancels what is still
 * on its way.
 */
export function useUploads(workspaceId: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const pending = controllers.current;
    return () => {
      for (const controller of pending) controller.abort();
    };
  }, []);

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const send = useCallback(
    async (id: number, file: File) => {
      const controller = new AbortController();
      controllers.current.add(controller);
      try {
        await uploadKnowledgeFile(
          workspaceId,
          file,
          ({ loaded, total }) => update(id, { loaded, total }),
          controller.signal,
        );
        await queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(workspaceId) });
        setUploads((list) => list.filter((upload) => upload.id !== id));
      } catch (error) {
        if (!controller.signal.aborted) {
          update(id, { problem: { error, fallbackKey: 'knowledge.uploads.failedGeneric' } });
        }
      } finally {
        controllers.current.delete(controller);
      }
    },
    [queryClient, workspaceId],
  );

  const start = useCallback(
    (files: Iterable<File>) => {
      const added: Upload[] = [];
      for (const file of files) {
        const id = (nextId += 1);
        const problem = fileProblem(file);
        added.push({
          id,
          name: file.name,
          loaded: 0,
          total: file.size,
          problem: problem ? { key: `knowledge.uploads.${problem}` } : null,
        });
        if (!problem) void send(id, file);
      }
      setUploads((list) => [...list, ...added]);
    },
    [send],
  );

  const dismiss = useCallback(
    (id: number) => setUploads((list) => list.filter((upload) => upload.id !== id)),
    [],
  );

  return { uploads, start, dismiss };
}
