import { createContext, useContext } from 'react';
import type { SessionUser, Workspace } from '@redacta/shared';

export interface SessionContextValue {
  user: SessionUser | null;
  workspaces: Workspace[];
  workspace: Workspace | null;
  /** The workspace the user owns (made at sign-up): where the app goes when another one is left. */
  personalWorkspace: Workspace | null;
  workspacesLoading: boolean;
  selectWorkspace: (id: string) => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionGate>');
  return value;
}
