/*
 * The audit log's home: other modules record their changes with `recordAudit` (inside the change's
 * transaction) and nothing else; a deleted account is erased from it (`eraseFromAuditLog`); the
 * database maintenance prunes it; tests verify it.
 */
export {
  personLabel,
  recordAudit,
  recordAuditInEach,
  recordWorkspaceDeleted,
  type AuditActor,
  type AuditRecord,
  type SystemActor,
} from './record.ts';
export { verifyAuditChain, type AuditChainCheck } from './verify.ts';
export { pruneAuditLog } from './retention.ts';
export { eraseFromAuditLog } from './erasure.ts';
export { auditContextPlugin, runWithAuditContext } from './context.ts';
export { recordFailedSignIn, recordSignIn, type SignInMethod } from './sign-in.ts';
