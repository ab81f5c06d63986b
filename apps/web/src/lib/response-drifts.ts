/**
 * The answers found to drift from their route's shared schema, kept apart from the check itself
 * (response-contract.ts) and its schemas: the test set-up reads this list after every test of every
 * file, and a file whose code never receives an answer need not load the schemas to find it empty.
 */

/** An API answer that does not match the shared schema of its route. */
export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

const drifts: ResponseContractError[] = [];

/** Keeps a mismatch for the test run to fail on. */
export function recordDrift(error: ResponseContractError): void {
  drifts.push(error);
}

/** The mismatches met since the last call (tests fail on any), emptying the list. */
export function takeResponseDrifts(): ResponseContractError[] {
  return drifts.splice(0);
}
