import { z } from 'zod';
import { findResponseRoute } from '@redacta/shared/contracts/routes';
import { recordDrift, ResponseContractError } from './response-drifts';

/**
 * Checks a JSON answer against the shared schema of its route (development and tests only: the
 * client loads this module behind `import.meta.env`, so the production bundle carries neither it nor
 * the schemas). In tests a mismatch throws and is kept for the test run to fail on, even when the
 * screen would turn the thrown error into an error state; in development it is logged loudly and the
 * answer goes through, as it would in production.
 */
export function checkResponse(method: string, path: string, body: unknown): void {
  const found = findResponseRoute(method, path);
  if (!found) return;
  const result = found.schema.safeParse(body);
  if (result.success) return;
  const error = new ResponseContractError(
    `${found.route} answered ${method} ${path} with a body its shared schema refuses:\n${z.prettifyError(result.error)}`,
  );
  if (import.meta.env.MODE !== 'test') {
    console.error(error);
    return;
  }
  recordDrift(error);
  throw error;
}
