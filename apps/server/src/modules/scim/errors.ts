import SCIMMY from 'scimmy';

export type ScimError = InstanceType<typeof SCIMMY.Types.Error>;

/** The SCIM error types of RFC 7644 §3.12 this server answers with. */
type ScimErrorType = 'uniqueness' | 'mutability' | 'invalidValue' | 'invalidSyntax' | 'invalidFilter';

/**
 * An error answered in SCIM's own error schema (`urn:ietf:params:scim:api:messages:2.0:Error`), which
 * identity providers read, rather than in our `{ error: { code, message } }` shape.
 */
export function scimError(status: number, detail: string, scimType?: ScimErrorType): ScimError {
  // scimmy's typings ask for a type on every status; RFC 7644 gives 401, 403, 404 and 409 none.
  return new SCIMMY.Types.Error(status, (scimType ?? null) as ScimErrorType, detail);
}

export const scimNotFound = (what: string) => scimError(404, `${what} not found`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id in a SCIM path could be one of ours; any other is simply not found. */
export const isScimId = (id: string) => UUID.test(id);
