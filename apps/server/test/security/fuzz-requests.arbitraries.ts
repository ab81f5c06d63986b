import fc from 'fast-check';
import { INVITATION_TOKEN_PATTERN } from '@redacta/shared/rules/invitation-token';

/*
 * Arbitraries for hostile requests, derived from an operation's JSON Schema in the OpenAPI document:
 * values the schema accepts (ids from the real fixtures where the schema wants a UUID), then mutated —
 * wrong types, missing and unknown keys, huge strings, deep nesting, NUL and lone surrogates,
 * `__proto__`/`constructor`/`prototype` keys — and sent with good or wrong framing (invalid JSON,
 * wrong content types, no body).
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Real values to offer where a schema asks for an id, a token or an address, by field or parameter name. */
export interface KnownValues {
  /** Ids that exist, for a UUID named `name` (a path parameter or a body field). */
  ids(name: string): string[];
  /** Invitation tokens that were mailed. */
  tokens: string[];
  /** The app's own origin, for return addresses. */
  origin: string;
}

/** The request body limit the server enforces (Fastify's bodyLimit). */
export const BODY_LIMIT = 2 * 1024 * 1024;

/** Characters that must never reach the database or break a parser: NUL, lone surrogates, controls, RTL. */
const nasty = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u0007',
  '\ufeff',
  '\uffff',
  '"',
  '\\',
  '%00',
);
const hostileChar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: nasty },
);

/** A string of any code points, NUL and lone surrogates included. */
export const hostileString = (maxLength = 40) => fc.string({ unit: hostileChar, maxLength });

/** A string far longer than any field allows, up to past the body limit. */
export const hugeString = fc
  .tuple(
    fc.constantFrom(9_000, 120_000, 1_100_000, BODY_LIMIT + 10),
    fc.constantFrom('a', 'é', '𝔘', '\u0000'),
  )
  .map(([length, char]) => char.repeat(Math.ceil(length / char.length)));

/** Arrays or objects nested far deeper than any schema goes. */
export const deepValue = fc
  .tuple(fc.integer({ min: 30, max: 3_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'fondo';
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  });

/** A value of any JSON type: what a field gets when its type is wrong. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, '', '0', 'null', 'undefined', [], {}),
  fc.integer(),
  fc.double({ noNaN: true }),
  hostileString(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Strings a UUID field or parameter may get besides a real id. */
const notAnId = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '',
    'none',
    'null',
    '0',
    '-1',
    "1' or '1'='1",
    '../../etc/passwd',
    'a'.repeat(150),
  ),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}\u0000`),
  fc.uuid().map((id) => id.slice(0, 35)),
  hostileString(60),
);

/** A value the schema accepts, as far as a generator can tell; `name` is the field's or parameter's name. */
export function valid(schema: JsonSchema, known: KnownValues, name = '', depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valid(s, known, name, depth)));
  if (schema.allOf?.length)
    return valid(Object.assign({}, ...schema.allOf) as JsonSchema, known, name, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema, known, name);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valid(schema.items, known, name, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
    case undefined:
      return schema.properties || type === 'object'
        ? validObject(schema, known, depth)
        : fc.jsonValue({ maxDepth: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valid(property, known, key, depth + 1)]),
  );
  const record = fc.record(shape, { requiredKeys: schema.required ?? [] });
  if (schema.additionalProperties === false || depth > 3) return record;
  // Open objects (a document's nodes) get a few more keys of any JSON.
  return fc
    .tuple(record, fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }))
    .map(([fixed, extra]) => ({ ...extra, ...(fixed as object) }));
}

function validString(schema: JsonSchema, known: KnownValues, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid' || name === 'sessionId') {
    const real = known.ids(name);
    if (name === 'sessionId' && real.length === 0)
      return fc.stringMatching(new RegExp(schema.pattern ?? '.*'));
    const other =
      schema.format === 'uuid' ? fc.uuid() : fc.stringMatching(new RegExp(schema.pattern ?? '.*'));
    return real.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...real) }, other) : other;
  }
  if (schema.pattern === INVITATION_TOKEN_PATTERN.source) {
    const token = fc.stringMatching(INVITATION_TOKEN_PATTERN);
    return known.tokens.length > 0 ? fc.oneof(fc.constantFrom(...known.tokens), token) : token;
  }
  // A webhook's `url` is where the server will send the workspace's events: only the app's own origin,
  // so the fuzz never makes the server post to whatever host a random address names.
  if (schema.format === 'uri' && name === 'url') {
    return fc.webPath().map((path) => `${known.origin}${path.startsWith('/') ? path : `/${path}`}`);
  }
  if (schema.format === 'uri') {
    return fc.oneof(
      fc.webPath().map((path) => `${known.origin}${path.startsWith('/') ? path : `/${path}`}`),
      fc.webUrl(),
    );
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (/email/i.test(name)) {
    return fc.oneof(
      fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254)),
      fc.constantFrom('ana@example.com', 'ANA@Example.COM', 'no-arroba', '@', 'a@b'),
    );
  }
  const max = Math.min(schema.maxLength ?? 200, 200);
  const min = Math.min(schema.minLength ?? 0, max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: hostileChar, minLength: min, maxLength: max }) },
  );
}

/** One way to spoil a valid value (or to leave it alone). */
type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'drop'; pick: number }
  | { kind: 'add'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

const pollutingKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');
const pollutingValue = fc.constantFrom(
  { polluted: true },
  { prototype: { polluted: true } },
  { isAdmin: true, role: 'owner' },
  'polluted',
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      pick: fc.nat(),
      value: fc.oneof(wrongType, hugeString, deepValue, notAnId),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      key: fc.oneof(pollutingKeys, fc.string({ maxLength: 10 })),
      value: fc.oneof(pollutingValue, wrongType),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('whole' as const),
      value: fc.oneof(wrongType, deepValue, hugeString),
    }),
  },
);

/**
 * JSON text for a value after a mutation. Keys are written into the text itself, so `__proto__`
 * arrives as a key of the JSON, as an attacker would send it (an object literal would set the
 * prototype instead of a key).
 */
function mutatedJson(value: unknown, m: Mutation): string {
  if (m.kind === 'whole') return JSON.stringify(m.value);
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject)
    return m.kind === 'none' || m.kind === 'drop' ? JSON.stringify(value ?? null) : JSON.stringify(m.value);
  const entries = Object.entries(value);
  if (m.kind === 'replace' && entries.length > 0) entries[m.pick % entries.length]![1] = m.value;
  if (m.kind === 'drop' && entries.length > 0) entries.splice(m.pick % entries.length, 1);
  if (m.kind === 'add') entries.push([m.key, m.value]);
  return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
}

/** A body and how it is framed: the content type and the bytes. */
export interface Framed {
  contentType: string | null;
  payload: string | Buffer | null;
  /** What was sent, short enough to print on a failure. */
  describe: string;
}

const frameWith = (contentType: string | null, payload: string | Buffer | null, what: string): Framed => ({
  contentType,
  payload,
  describe: `${contentType ?? '(no content type)'} ${what}`,
});

const short = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);

/** A body for a schema (or for an operation with none), valid-ish and then spoiled, framed right or wrong. */
export function body(
  schema: JsonSchema | undefined,
  known: KnownValues,
  sample?: unknown,
): fc.Arbitrary<Framed> {
  const generated = schema ? valid(schema, known) : fc.constant(undefined);
  const start =
    sample === undefined ? generated : fc.oneof({ weight: 2, arbitrary: fc.constant(sample) }, generated);
  const json = fc
    .tuple(start, mutation)
    .map(([value, m]) => (schema || m.kind !== 'none' ? mutatedJson(value, m) : null));
  return fc.oneof(
    {
      weight: 12,
      arbitrary: json.map((text) =>
        frameWith(text === null ? null : 'application/json', text, short(text ?? '')),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"a":',
          '{',
          '[',
          '"',
          '{"a":1}}',
          'nul',
          '{"a":"\\ud800"}',
          '\ufeff{}',
          '{"a":1,}',
          "{'a':1}",
        )
        .map((text) => frameWith('application/json', text, `invalid JSON ${JSON.stringify(text)}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          json,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=utf-16',
            'application/octet-stream',
            'application/jsonx',
            '',
          ),
        )
        .map(([text, type]) => frameWith(type, text ?? 'a=1', `wrong content type: ${short(text ?? 'a=1')}`)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        frameWith('application/json', '', 'empty JSON body'),
        frameWith(null, null, 'no body'),
        frameWith('application/json', Buffer.from([0xff, 0xfe, 0x00, 0x7b]), 'bytes that are not UTF-8'),
      ),
    },
  );
}

/** A value as query or path text: strings as they are, anything else as its JSON. */
const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

/**
 * Percent-encoding that also carries lone surrogates, as the three bytes a careless client would send
 * for one (which are not valid UTF-8); encodeURIComponent refuses them.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      for (const byte of [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]) {
        encoded += `%${byte.toString(16).toUpperCase()}`;
      }
    } else encoded += encodeURIComponent(char);
  }
  return encoded;
}

/** A path parameter, percent-encoded: a real id most often, else anything. */
export function pathParam(
  schema: JsonSchema,
  known: KnownValues,
  name: string,
  sample?: string,
): fc.Arbitrary<string> {
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: valid(schema, known, name).map((value) => percentEncode(asText(value))) },
    { weight: 2, arbitrary: notAnId.map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%', '%zz', '%2F', '..', '%2e%2e', 'x%00%ED%A0%80'),
    },
  ];
  if (sample !== undefined) choices.push({ weight: 6, arbitrary: fc.constant(sample) });
  return fc.oneof(...choices);
}

/** A query string for the operation's query parameters, with values right or wrong, repeated or unknown. */
export function queryString(
  parameters: { name: string; schema: JsonSchema }[],
  known: KnownValues,
): fc.Arbitrary<string> {
  const pair = (name: string, schema: JsonSchema) =>
    fc
      .oneof(
        { weight: 3, arbitrary: valid(schema, known, name).map(asText) },
        { weight: 1, arbitrary: fc.oneof(hostileString(), notAnId, wrongType.map(asText)) },
        { weight: 1, arbitrary: hugeString.map((text) => text.slice(0, 20_000)) },
      )
      .map((value) => `${percentEncode(name)}=${percentEncode(value)}`);
  const known_ = parameters.map(({ name, schema }) =>
    fc.option(pair(name, schema), { nil: undefined, freq: 1 }),
  );
  const extra = fc.option(
    fc.oneof(
      pair('__proto__', { type: 'string' }),
      pair('constructor', { type: 'string' }),
      fc.constantFrom('limit=1&limit=2', 'sort[]=name', 'order[a]=b', '%zz=1', 'cursor=%00'),
    ),
    { nil: undefined },
  );
  return fc
    .tuple(fc.tuple(...known_), extra)
    .map(([pairs, more]) => [...pairs, more].filter((part): part is string => part !== undefined).join('&'));
}
