/**
 * Requests for every operation of the OpenAPI document: valid ones, and ones broken in one
 * way each (a field at or past its limit or of the wrong type, missing or extra fields,
 * prototype-pollution keys, bad ids, bad JSON, wrong content types, bodies past the size
 * limit, broken tokens), so that each response can be traced to what provoked it.
 */
import type { Rng } from './random.ts';
import { STRANGE_STRINGS, hostileValue, idKind, validValue, type Schema, type ValueContext } from './values.ts';

export interface Operation {
  method: string;
  /** The documented path, e.g. /api/bookings/{id}. */
  path: string;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  body: Schema | undefined;
  /** Declared responses: status -> JSON schema of the body (undefined: no body described). */
  responses: Map<number, Schema | undefined>;
  /** Media types other than JSON a status may answer with (a report's text/csv), by status. */
  otherMediaTypes: Map<number, string[]>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, {
    parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
  }>>;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        body: op.requestBody?.content['application/json']?.schema,
        responses: new Map(Object.entries(op.responses ?? {}).map(([status, r]) => [Number(status), r.content?.['application/json']?.schema])),
        otherMediaTypes: new Map(Object.entries(op.responses ?? {}).map(([status, r]) => [Number(status), Object.keys(r.content ?? {}).filter((type) => type !== 'application/json')])),
      });
    }
  }
  return ops;
}

export type AuthKind = 'none' | 'customer' | 'admin' | 'broken';

export interface FuzzRequest {
  op: Operation;
  /** What was broken on purpose ('valid' when nothing). */
  strategy: string;
  auth: AuthKind;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw body text or bytes, sent exactly as given. */
  body?: string | Buffer;
  /** Set when the request must be refused whatever else is right with it: a 2xx is a violation named by it. */
  mustRefuse?: string;
}

/** Numbers in a JSON body sent as something else: the API takes them as sent, never converted. */
const NOT_NUMBERS: unknown[] = ['12', '0x10', null, '1e2', true, '', [12], { value: 12 }];
/** Dates the API must refuse: outside its supported range, or impossible. */
const BAD_DATES = ['9999-12-31', '0001-01-01', '1899-12-31', '2101-01-01', '2027-02-30', '2027-13-01'];
const acceptsNull = (s: Schema): boolean => s.nullable === true || (Array.isArray(s.type) ? s.type.includes('null') : s.type === 'null') || (s.anyOf ?? []).some(acceptsNull);
const isNumeric = (s: Schema | undefined) => s !== undefined && ['number', 'integer'].includes(String(Array.isArray(s.type) ? s.type[0] : s.type));

const BAD_IDS = ['not-a-uuid', '0', '-1', '1 OR 1=1', '%00', '%2e%2e%2f%2e%2e%2fetc', 'x'.repeat(3000), '%F0%9F%98%80', '%uD800', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'null', 'undefined', '__proto__', 'constructor'];

const BAD_JSON = ['{"a":', '{', '[', 'nul', "{'a':1}", '{"a":1}}', '{"a":1,}', '\u0000', '{"a":"\\uZZZZ"}', '{"a":1e999999}', '[1,2', '{"__proto__":', '"just a string', 'true false'];

const OTHER_TYPES: { type: string; body: string }[] = [
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { type: 'application/x-www-form-urlencoded', body: 'name=a&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&email=x' },
  { type: 'multipart/form-data; boundary=XYZ', body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XYZ--' },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'application/vnd.api+json', body: '{}' },
  { type: 'image/png', body: '\x89PNG\r\n' },
];

/** Percent-encodes anything; a lone surrogate becomes the (invalid UTF-8) bytes a sloppy client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}%ED%A0%80`;
  }
}

/** Puts raw `"key": value` members into the text of a JSON object. */
function injectMembers(objectText: string, members: string[]): string {
  const inner = objectText.trim().slice(1, -1).trim();
  return `{${[...members, ...(inner ? [inner] : [])].join(',')}}`;
}

const protoMembers = (rng: Rng) =>
  rng.pick([
    ['"__proto__": {"polluted": "yes", "role": "admin", "isAdmin": true}'],
    ['"constructor": {"prototype": {"polluted": "yes"}}'],
    ['"prototype": {"polluted": "yes"}'],
    ['"__proto__": {"polluted": "yes"}', '"constructor": {"prototype": {"polluted": "yes"}}'],
  ]);

export interface BuildContext extends ValueContext {
  bodyLimitBytes: number;
  tokens: { customer: string; admin: string };
}

function buildPath(op: Operation, ctx: BuildContext, breakIt: boolean): string {
  let path = op.path;
  for (const p of op.pathParams) {
    const value = breakIt ? ctx.rng.pick(BAD_IDS) : encode(String(validValue(p.schema, p.name, ctx, idKind(`${op.path} ${p.name}`))));
    path = path.replace(`{${p.name}}`, value);
  }
  return path;
}

function buildQuery(op: Operation, ctx: BuildContext, mode: 'valid' | 'hostile' | 'proto' | 'extra'): string {
  const { rng } = ctx;
  const pairs: [string, string][] = [];
  const hostileOne = op.queryParams.length ? rng.int(op.queryParams.length) : -1;
  op.queryParams.forEach((p, i) => {
    if (!p.required && rng.chance(0.4) && !(mode === 'hostile' && i === hostileOne)) return;
    const raw = mode === 'hostile' && i === hostileOne ? hostileValue(p.schema, ctx) : validValue(p.schema, p.name, ctx, idKind(p.name));
    pairs.push([p.name, typeof raw === 'string' ? raw : JSON.stringify(raw)]);
  });
  const parts = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`);
  if (mode === 'proto') parts.push(rng.pick(['__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', '__proto__.polluted=yes', 'prototype[polluted]=yes', '__proto__=x']));
  if (mode === 'extra') {
    parts.push(rng.pick([`${encode(op.queryParams[0]?.name ?? 'q')}=1&${encode(op.queryParams[0]?.name ?? 'q')}=2`, 'unknown=1', `q=${'%FF%FE'}`, `x=${'y'.repeat(20_000)}`, '%=%', '&&&=&', `${encode(rng.pick(STRANGE_STRINGS))}=1`]));
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** One request for `op`: mostly valid, otherwise broken in one chosen way. */
export function buildRequest(op: Operation, ctx: BuildContext): FuzzRequest {
  const { rng } = ctx;
  const auth: AuthKind = rng.pick(['none', 'customer', 'customer', 'admin', 'admin', 'admin', 'broken']);
  const headers: Record<string, string> = {};
  if (auth === 'customer') headers.authorization = `Bearer ${ctx.tokens.customer}`;
  if (auth === 'admin') headers.authorization = `Bearer ${ctx.tokens.admin}`;
  if (auth === 'broken') {
    headers.authorization = rng.pick([
      'Bearer',
      'Bearer ',
      'Bearer not.a.token',
      `Bearer ${ctx.tokens.admin}x`,
      `Bearer ${ctx.tokens.admin.split('.').slice(0, 2).join('.')}.`,
      // alg "none", claiming an admin
      'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiIsInZlciI6MH0.',
      'Basic YWRtaW46YWRtaW4=',
      `bearer ${ctx.tokens.customer}`,
      'Bearer \u00e9\u00e8',
    ]);
  }

  const strategies = ['valid', 'valid', 'valid', 'query', 'path'];
  if (op.body) strategies.push('valid', 'field', 'field', 'missing', 'extra', 'proto', 'proto-nested', 'root-type', 'bad-json', 'content-type', 'huge', 'empty', 'bad-utf8', 'strange-strings');
  if (!op.body && op.method !== 'GET') strategies.push('unexpected-body');
  if (op.queryParams.length || op.method === 'GET') strategies.push('query-proto', 'query-extra');
  const numericFields = Object.entries(op.body?.properties ?? {}).filter(([, schema]) => isNumeric(schema)).map(([k]) => k);
  if (numericFields.length) strategies.push('coerced-number');
  const hasDate = op.queryParams.some((p) => p.name === 'date') || op.body?.properties?.date !== undefined;
  if (hasDate) strategies.push('date-out-of-range');
  const strategy = rng.pick(strategies);

  let url = buildPath(op, ctx, strategy === 'path' && op.pathParams.length > 0)
    + buildQuery(op, ctx, strategy === 'query' ? 'hostile' : strategy === 'query-proto' ? 'proto' : strategy === 'query-extra' ? 'extra' : 'valid');
  const badDate = rng.pick(BAD_DATES);
  if (strategy === 'date-out-of-range' && op.queryParams.some((p) => p.name === 'date')) {
    url = /[?&]date=/.test(url) ? url.replace(/([?&]date=)[^&]*/, `$1${badDate}`) : `${url}${url.includes('?') ? '&' : '?'}date=${badDate}`;
  }
  const request: FuzzRequest = { op, strategy, auth, method: op.method, url, headers };
  if (strategy === 'date-out-of-range') request.mustRefuse = 'accepted an out-of-range or impossible date';
  if (strategy === 'coerced-number') request.mustRefuse = 'accepted a number sent as another type';
  if (!op.body) {
    if (strategy === 'unexpected-body') {
      headers['content-type'] = 'application/json';
      request.body = injectMembers('{"unexpected": true}', protoMembers(rng));
    }
    return request;
  }

  headers['content-type'] = 'application/json';
  const body = validValue(op.body, '', ctx) as Record<string, unknown>;
  const keys = Object.keys(op.body.properties ?? {});
  switch (strategy) {
    case 'coerced-number': {
      const field = rng.pick(numericFields);
      // null is no wrong type for a field that may be null.
      body[field] = rng.pick(NOT_NUMBERS.filter((v) => v !== null || !acceptsNull(op.body!.properties![field]!)));
      break;
    }
    case 'date-out-of-range':
      if ('date' in (op.body.properties ?? {})) body.date = badDate;
      break;
    case 'field':
      if (keys.length) body[rng.pick(keys)] = hostileValue(op.body.properties![rng.pick(keys)]!, ctx);
      break;
    case 'strange-strings':
      for (const k of keys) if (typeof body[k] === 'string') body[k] = rng.pick(STRANGE_STRINGS);
      break;
    case 'missing':
      if (op.body.required?.length) delete body[rng.pick(op.body.required)];
      break;
    case 'extra':
      Object.assign(body, { role: 'admin', isAdmin: true, _id: rng.uuid(), payableAmount: 0, userId: rng.uuid(), [rng.pick(STRANGE_STRINGS)]: 'extra' });
      break;
    case 'root-type':
      request.body = JSON.stringify(rng.pick<unknown>([[body], 'string', 42, null, true, []]));
      return request;
    case 'bad-json':
      request.body = rng.pick(BAD_JSON);
      return request;
    case 'content-type': {
      const other = rng.pick(OTHER_TYPES);
      headers['content-type'] = other.type;
      request.body = other.body;
      return request;
    }
    case 'huge': {
      // Past the body limit, or just under it with every string field enormous.
      const beyond = rng.chance(0.5);
      const size = beyond ? ctx.bodyLimitBytes + rng.between(1, 50_000) : Math.floor(ctx.bodyLimitBytes / Math.max(1, keys.length) / 2);
      for (const k of keys.length ? keys : ['huge']) body[k] = 'h'.repeat(size);
      break;
    }
    case 'empty':
      request.body = rng.pick(['', ' ', '\n']);
      return request;
    case 'bad-utf8':
      request.body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]);
      return request;
    case 'proto':
      request.body = injectMembers(JSON.stringify(body), protoMembers(rng));
      return request;
    case 'proto-nested': {
      const objectKey = keys.find((k) => body[k] && typeof body[k] === 'object' && !Array.isArray(body[k]));
      const text = JSON.stringify(body);
      request.body = objectKey
        ? text.replace(`"${objectKey}":{`, `"${objectKey}":{${protoMembers(rng).join(',')},`)
        : injectMembers(text, [`"nested": ${injectMembers('{}', protoMembers(rng))}`]);
      return request;
    }
  }
  request.body = JSON.stringify(body);
  return request;
}
