import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createProject, fetchProject } from '@/features/projects';
import { workspacesQueryOptions } from '@/features/session';
import { isApiError } from '@/lib/api-error';
import { storage, storageKeys } from '@/lib/storage';

export type OpenProject =
  { state: 'resolving' } | { state: 'open'; projectId: string } | { state: 'failed'; retry: () => void };

/** A stored project id still worth opening: it exists, the user sees it, and it is in this workspace. */
async function storedProjectIn(workspaceId: string): Promise<string | null> {
  const stored = storage.get(storageKeys.projectId);
  if (!stored) return null;
  try {
    const project = await fetchProject(stored);
    if (project.workspaceId === workspaceId) return stored;
  } catch (error) {
    if (!isApiError(error) || (error.status !== 404 && error.status !== 400)) throw error;
  }
  storage.remove(storageKeys.projectId);
  return null;
}

/**
 * How old the workspace list may be to name the workspace's newest project: the list the session
 * started with is used, not asked for again; an older one is (a project may have changed since).
 */
const NEWEST_FRESH_MS = 10_000;

/** The stored project, else the newest one the user can see in the workspace, else a new one. */
async function resolveProjectId(queryClient: QueryClient, workspaceId: string): Promise<string> {
  const stored = await storedProjectIn(workspaceId);
  if (stored) return stored;
  const workspaces = await queryClient.fetchQuery({ ...workspacesQueryOptions, staleTime: NEWEST_FRESH_MS });
  const newest = workspaces.find((item) => item.id === workspaceId)?.newestProjectId;
  if (newest) return newest;
  return (await createProject(workspaceId)).id;
}

/**
 * Which project /chat shows: `?project={id}` wins; without it the project is resolved and written
 * into the address (replacing it), and the open project id is stored for the next visit.
 */
export function useOpenProject(workspaceId: string): OpenProject {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fromUrl = searchParams.get('project');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const resolving = useRef<string | null>(null);

  useEffect(() => {
    if (fromUrl) {
      storage.set(storageKeys.projectId, fromUrl);
      // A later visit to /chat without a project (the nav link) resolves again.
      resolving.current = null;
      return;
    }
    const key = `${workspaceId}:${attempt}`;
    if (resolving.current === key) return;
    resolving.current = key;
    setFailed(false);
    // A link followed meanwhile changes the browser's address at once, while the page it opens may still
    // be loading (and this one still shown): the user stays where they went. A fragment (a skip link) is
    // not a page of its own.
    const address = () => window.location.pathname + window.location.search;
    const addressAtStart = address();
    resolveProjectId(queryClient, workspaceId).then(
      (projectId) => {
        if (resolving.current !== key) return;
        // Stored even when the user has left: their next visit opens it rather than making another.
        storage.set(storageKeys.projectId, projectId);
        if (address() !== addressAtStart) return;
        // A template asked for ("Usar" on /templates) stays asked for in the project resolved.
        const template = new URLSearchParams(window.location.search).get('template');
        const asked = template ? `&template=${encodeURIComponent(template)}` : '';
        navigate(`/chat?project=${encodeURIComponent(projectId)}${asked}`, { replace: true });
      },
      () => {
        if (resolving.current === key) setFailed(true);
      },
    );
  }, [fromUrl, workspaceId, attempt, navigate, queryClient]);

  if (fromUrl) return { state: 'open', projectId: fromUrl };
  if (failed) return { state: 'failed', retry: () => setAttempt((n) => n + 1) };
  return { state: 'resolving' };
}
