import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckoutLookupKey,
  PriceListResponse,
  PriceName,
  RedirectUrlResponse,
  SandboxCheckout,
  SubscriptionSummary,
} from '@redacta/shared';
import { api } from '@/lib/api-client';
import { workspacesKey } from '@/features/session';
import { teamKeys } from '@/features/workspaces';

export const billingKeys = {
  prices: ['billing', 'prices'] as const,
  summary: (workspaceId: string) => ['billing', 'subscription', workspaceId] as const,
  sandbox: (sessionId: string) => ['billing', 'sandbox', sessionId] as const,
};

export type PriceMap = Record<PriceName, number>;

/**
 * GET /api/price as a map of name to euros. All four prices or an error: a page that shows a price
 * must not guess one the server did not give.
 */
export function usePrices(enabled = true) {
  return useQuery({
    queryKey: billingKeys.prices,
    queryFn: async (): Promise<PriceMap> => {
      const list = await api.get<PriceListResponse>('/price');
      const map = Object.fromEntries(list.map(({ name, value }) => [name, value])) as Partial<PriceMap>;
      const { proMonthly, proYearly, additionalSeatMonthly, additionalSeatYearly } = map;
      if (
        proMonthly === undefined ||
        proYearly === undefined ||
        additionalSeatMonthly === undefined ||
        additionalSeatYearly === undefined
      )
        throw new Error('Incomplete price list');
      return { proMonthly, proYearly, additionalSeatMonthly, additionalSeatYearly };
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/workspace/{id}/subscription: plan, period, seats and what the viewer may do. */
export function useSubscriptionSummary(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: billingKeys.summary(workspaceId),
    queryFn: () => api.get<SubscriptionSummary>(`/workspace/${workspaceId}/subscription`),
    enabled,
  });
}

/**
 * A change that answers with the new summary: the page shows it at once, and the workspace list
 * (sidebar badge, invite button) and the team's seat count reload from the server.
 */
function useSummaryChange<Variables>(
  workspaceId: string,
  send: (variables: Variables) => Promise<SubscriptionSummary>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (summary) => {
      queryClient.setQueryData(billingKeys.summary(workspaceId), summary);
      void queryClient.invalidateQueries({ queryKey: workspacesKey });
      void queryClient.invalidateQueries({ queryKey: teamKeys.all(workspaceId) });
    },
  });
}

export function useUpgradeToYearly(workspaceId: string) {
  return useSummaryChange(workspaceId, () =>
    api.post<SubscriptionSummary>('/subscription/upgrade-to-yearly', { workspaceId }),
  );
}

export function useCancelSubscription(workspaceId: string) {
  return useSummaryChange(workspaceId, () =>
    api.request<SubscriptionSummary>('DELETE', '/subscription/cancel-subscription', {
      body: { workspaceId },
    }),
  );
}

export function useResumeSubscription(workspaceId: string) {
  return useSummaryChange(workspaceId, () =>
    api.post<SubscriptionSummary>('/subscription/resume', { workspaceId }),
  );
}

export function useRequestDiscount(workspaceId: string) {
  return useSummaryChange(workspaceId, () =>
    api.patch<SubscriptionSummary>('/subscription/request-unsubscription-discount', { workspaceId }),
  );
}

export function useBuySeats(workspaceId: string) {
  return useSummaryChange(workspaceId, (numberOfSeats: number) =>
    api.post<SubscriptionSummary>(`/workspace/${workspaceId}/buy-additional-seat`, { numberOfSeats }),
  );
}

/** A Checkout Session for Pro (Stripe's page, or the sandbox's own): the answer is where to go. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: (body: {
      lookupKey: CheckoutLookupKey;
      workspaceId: string;
      successUrl: string;
      cancelUrl: string;
    }) => api.post<RedirectUrlResponse>('/subscription/create-subscription', body),
  });
}

/** The Billing Portal (invoices, payment method): the answer is where to go. */
export function usePortalSession() {
  return useMutation({
    mutationFn: (workspaceId: string) =>
      api.post<RedirectUrlResponse>('/subscription/create-portal-session', { workspaceId }),
  });
}

/** The sandbox checkout page's session: what is bought, for which workspace, at what price. */
export function useSandboxCheckout(sessionId: string) {
  return useQuery({
    queryKey: billingKeys.sandbox(sessionId),
    queryFn: () => api.get<SandboxCheckout>(`/subscription/sandbox/${sessionId}`),
    enabled: sessionId !== '',
  });
}

/** Confirms or cancels a sandbox checkout; the answer is where Stripe would have sent the browser. */
export function useFinishSandboxCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (outcome: 'confirm' | 'cancel') =>
      api.post<RedirectUrlResponse>(`/subscription/sandbox/${sessionId}/${outcome}`),
  });
}

/** Sends the browser to a page the server named (Stripe Checkout, the portal, a sandbox page). */
export function goTo(url: string) {
  window.location.assign(url);
}
