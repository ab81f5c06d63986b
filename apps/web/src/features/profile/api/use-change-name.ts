import { useMutation } from '@tanstack/react-query';
import type { ChangeNameBody, ChangeNameResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/** PATCH /api/user/change-name; the stored user takes the new first and last name, nothing else. */
export function useChangeName() {
  return useMutation({
    mutationFn: (body: ChangeNameBody) => api.patch<ChangeNameResponse>('/user/change-name', body),
    onSuccess: ({ firstName, lastName }) => {
      sessionStore.updateUser({ firstName, lastName, name: `${firstName} ${lastName}` });
    },
  });
}
