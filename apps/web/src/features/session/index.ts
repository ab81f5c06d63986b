export { SessionGate, WORKSPACE_RELOAD_MS } from './session-gate';
export { useSession, type SessionContextValue } from './session-context';
export { useLogout } from './api/use-logout';
export { useRefreshOrLogin } from './use-refresh-or-login';
export { useUpdateLocale } from './api/use-update-locale';
export { useWorkspaces, workspacesKey } from './api/use-workspaces';
