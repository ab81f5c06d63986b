import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookBody,
  CreatedWebhook,
  RotatedWebhookSecret,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
} from '@redacta/shared';
import { api } from '@/lib/api-client';

export const webhookKeys = {
  list: (workspaceId: string) => ['webhooks', workspaceId] as const,
  deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
};

/** An open delivery log is read again this often: attempts arrive from the server's queue. */
export const DELIVERIES_REFRESH_MS = 3_000;

const listPath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}/webhooks`;
const webhookPath = (id: string) => `/webhook/${encodeURIComponent(id)}`;

/** GET /api/workspace/{id}/webhooks: the workspace's endpoints. */
export function useWebhooks(workspaceId: string) {
  return useQuery({
    queryKey: webhookKeys.list(workspaceId),
    queryFn: ({ signal }) => api.get<Webhook[]>(listPath(workspaceId), { signal }),
  });
}

/** POST /api/workspace/{id}/webhooks: the answer holds the signing secret, shown this once. */
export function useCreateWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api.post<CreatedWebhook>(listPath(workspaceId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) }),
  });
}

/** PATCH /api/webhook/{id}: its address, events, or whether it is on; the answer replaces it in the list. */
export function useUpdateWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookBody }) =>
      api.patch<Webhook>(webhookPath(id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) }),
  });
}

/** DELETE /api/webhook/{id}: it leaves the cached list at once. */
export function useDeleteWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(webhookPath(id)),
    onSuccess: (_result, id) =>
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(workspaceId), (list) =>
        list?.filter((webhook) => webhook.id !== id),
      ),
  });
}

/** POST /api/webhook/{id}/rotate-secret: a new secret, shown this once; the previous one stops signing. */
export function useRotateWebhookSecret(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<RotatedWebhookSecret>(`${webhookPath(id)}/rotate-secret`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) }),
  });
}

/** GET /api/webhook/{id}/deliveries: its attempts, newest first, read again while the log is open. */
export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>(`${webhookPath(webhookId)}/deliveries`, { signal }),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
}

/** POST /api/webhook-delivery/{id}/redeliver: a new attempt of the same event joins the queue. */
export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<{ eventId: string }>(`/webhook-delivery/${encodeURIComponent(deliveryId)}/redeliver`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
