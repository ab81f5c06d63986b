import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { workspacesKey } from '@/features/session';
import { storage, storageKeys } from '@/lib/storage';
import { isApiError } from '@/lib/api-error';
import type { Problem } from '@/lib/error-message';
import { useAcceptInvitation } from '../api/invitation-by-token';
import type { ClosedReason } from '../components/closed-invitation';

/** What accepting can end in when it does not join: a closed invitation, the wrong account, or an error. */
export type JoinFailure =
  { kind: 'closed'; reason: ClosedReason } | { kind: 'mismatch' } | { kind: 'error'; problem: Problem };

const closedByCode: Partial<Record<string, ClosedReason>> = {
  INVITATION_EXPIRED: 'expired',
  INVITATION_REVOKED: 'revoked',
  INVITATION_USED: 'used',
  NOT_FOUND: 'unknown',
  VALIDATION_FAILED: 'unknown',
};

/**
 * Accepts the invitation as the signed-in user, makes the joined workspace the current one (the
 * workspace list loads afresh) and opens /chat there with a welcome toast.
 */
export function useJoinWorkspace(token: string, workspaceName: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutate: accept, isPending: joining } = useAcceptInvitation();
  const [failure, setFailure] = useState<JoinFailure | null>(null);

  const join = useCallback(() => {
    setFailure(null);
    accept(token, {
      onSuccess: ({ id }) => {
        storage.set(storageKeys.workspaceId, id);
        storage.remove(storageKeys.projectId);
        queryClient.removeQueries({ queryKey: workspacesKey });
        toast.success(t('invitation.welcome', { workspace: workspaceName }));
        navigate('/chat', { replace: true });
      },
      onError: (error) => {
        const code = isApiError(error) ? error.code : null;
        const reason = code ? closedByCode[code] : undefined;
        if (reason) setFailure({ kind: 'closed', reason });
        else if (code === 'INVITATION_EMAIL_MISMATCH') setFailure({ kind: 'mismatch' });
        else setFailure({ kind: 'error', problem: { error } });
      },
    });
  }, [accept, token, queryClient, t, workspaceName, navigate]);

  return { join, joining, failure };
}
