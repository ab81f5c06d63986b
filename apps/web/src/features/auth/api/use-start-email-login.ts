import { useMutation } from '@tanstack/react-query';
import type { EmailStartBody } from '@redacta/shared';
import { plainApi } from '@/lib/api-client';

/** POST /api/auth/email/start: mails a 6-digit code (204 whether or not the account exists). */
export function useStartEmailLogin() {
  return useMutation({
    mutationFn: (body: EmailStartBody) => plainApi.post<void>('/auth/email/start', body),
  });
}
