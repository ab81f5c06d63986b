import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@redacta/shared';
import { plainApi } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/** POST /api/auth/login: exchanges the code for an access token (the refresh cookie comes along). */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => plainApi.post<LoginResponse>('/auth/login', body),
    onSuccess: ({ accessToken, user }) => {
      const { isRegistration: _isRegistration, ...sessionUser } = user;
      sessionStore.setSession(accessToken, sessionUser);
    },
  });
}
