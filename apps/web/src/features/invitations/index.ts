export { useInvitationPreview } from './api/invitation-by-token';
export { useJoinWorkspace, type JoinFailure } from './hooks/use-join-workspace';
export { ClosedInvitation, type ClosedReason } from './components/closed-invitation';
export { InvitationPanel } from './components/invitation-panel';
export { JoinStep } from './components/join-step';
export { MismatchStep } from './components/mismatch-step';
export { NameStep } from './components/name-step';
