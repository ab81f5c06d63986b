import { goTo, usePortalSession } from '../api/billing';

export interface Portal {
  open: () => void;
  /** From the click until the browser leaves for the portal. */
  opening: boolean;
  failed: boolean;
}

/**
 * The payment portal (invoices, payment method). A failure is not reported as an error (the
 * product keeps it quiet); the button stays usable and a quiet line below it says to try later.
 */
export function usePortal(workspaceId: string): Portal {
  const portal = usePortalSession();
  return {
    open: () => portal.mutate(workspaceId, { onSuccess: ({ url }) => goTo(url) }),
    opening: portal.isPending || portal.isSuccess,
    failed: portal.isError,
  };
}
