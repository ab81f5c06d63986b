export { displayName } from './lib';
export { planLabelKey } from './plan-label';
export { InviteModal } from './components/invite-modal';
export { useMembers } from './api/use-team';
export { teamKeys } from './api/team-keys';
export { SeatsFullModal } from './components/seats-full-modal';
