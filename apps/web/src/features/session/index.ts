export { SessionGate, WORKSPACE_RELOAD_MS } from './session-gate';
export { useOpenWorkspace, useSession, useSessionIfAny, type SessionContextValue } from './session-context';
export { useLogout, useSignOut } from './api/use-logout';
export { useRefreshOrLogin } from './use-refresh-or-login';
export { useOptionalSession, type OptionalSession } from './use-optional-session';
export { useUpdateLocale } from './api/use-update-locale';
export {
  useWorkspaces,
  workspacesKey,
  workspacesQueryOptions,
  WORKSPACE_POLL_MS,
} from './api/use-workspaces';
export { workspaceToOpen } from './workspace-to-open';
export { useAccountLocale } from './use-account-locale';
