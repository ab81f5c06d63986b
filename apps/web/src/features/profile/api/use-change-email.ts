import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody, ChangeEmailResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/**
 * PATCH /api/user/change-email: without a code it mails one to the new address (204); with the
 * code it makes the change and answers the new address, which the stored user takes.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      api.patch<ChangeEmailResponse | undefined>('/user/change-email', body),
    onSuccess: (result) => {
      if (result?.email) sessionStore.updateUser({ email: result.email });
    },
  });
}
