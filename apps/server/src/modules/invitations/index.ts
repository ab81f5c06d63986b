export { invitationRoutes } from './routes.ts';
export { isPending, lockWorkspace, seatsUsed } from './seats.ts';
