import { createContext, useContext } from 'react';
import type { SessionUser, Workspace } from '@redacta/shared';

export interface SessionContextValue {
  user: SessionUser | null;
  workspaces: Workspace[];
  workspace: Workspace | null;
  /** The workspace the user owns (made at sign-up): where the app goes when another one is left. */
  personalWorkspace: Workspace | null;
  workspacesLoading: boolean;
  /**
   * Opens another of the user's workspaces. The page goes to that workspace's start (the chat, its
   * projects) unless `keepAddress` is set: a link to one of its projects is followed as it is.
   */
  selectWorkspace: (id: string, options?: { keepAddress?: boolean }) => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionGate>');
  return value;
}

/**
 * The open workspace when there is a session around, else null: for parts that also render outside
 * one (the document editor in its own tests) and simply offer less there.
 */
export function useOpenWorkspace(): Workspace | null {
  return useSessionIfAny()?.workspace ?? null;
}

/** The session, or null outside <SessionGate>: for parts also drawn on their own (the document panel's tests). */
export function useSessionIfAny(): SessionContextValue | null {
  return useContext(SessionContext);
}
