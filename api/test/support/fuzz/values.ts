/**
 * Values derived from the JSON schemas of the OpenAPI document: valid ones (so requests reach
 * the services, not only the validator), boundary ones, and hostile ones (wrong types, huge and
 * strange strings). Only the schema keywords the document uses are understood.
 */
import { DATE_PATTERN } from '@courtside/domain';
import type { Rng } from './random.ts';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** What the generator knows of the world: ids that exist, and "today". */
export interface ValueContext {
  rng: Rng;
  /** An id that exists (or once did) for this kind of record, when there is one. */
  knownId(kind: string): string | undefined;
  /** YYYY-MM-DD a few days after the test clock's today. */
  soonDate(): string;
}

/** Text that has broken parsers, encoders and databases before. */
export const STRANGE_STRINGS = [
  '\u202Eevil\u202C', // right-to-left override
  'مرحبا بالعالم', // RTL script
  '👩‍👩‍👧‍👦🏟️⚽', // emoji with joiners
  'nul\u0000byte',
  'lone \uD800 surrogate',
  'lone \uDFFF low',
  '\uFEFFbom',
  'e\u0301\u0301\u0301', // combining marks
  "'; DROP TABLE bookings; --",
  "1' OR '1'='1",
  '<script>alert(1)</script>',
  '{{7*7}} ${7*7} %s%s%n',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  ' ',
  '',
  '\t\n\r',
  'null',
  '__proto__',
  'constructor',
  '9'.repeat(400),
  '-1',
  'NaN',
];


const HOSTILE_SORTS = ['["constructor","ASC"]', '["__proto__","DESC"]', '["toString","ASC"]', '["hasOwnProperty","ASC"]', '["name","SIDEWAYS"]', '["name"]', '[]', '{"a":1}', '[1,2]', '["name","ASC","x"]', '["name; DROP TABLE users","ASC"]', '[null,null]', '"name"', 'name,ASC'];
const HOSTILE_RANGES = ['[-1,5]', '[5,2]', '[0,1e20]', '[1e20,1e21]', '[0.5,2]', '["0","9"]', '[9007199254740993,9007199254740999]', '[0]', '[0,9223372036854775807]', '{}', 'null', '[2147483647,2147483648]'];
const HOSTILE_FILTERS = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"id":"not-a-uuid"}',
  '{"id":[]}',
  '{"id":[1,2]}',
  '{"q":{"$ne":1}}',
  '{"q":["a","b"]}',
  '{"q":"%_\\\\\'"}',
  '{"status":["pending","nope"]}',
  '{"status":{"a":1}}',
  '{"facilityId":"nope"}',
  '{"userId":123}',
  '{"dateFrom":"2027-13-45"}',
  '{"dateTo":"2027-02-30"}',
  '{"dateFrom":"99999-01-01"}',
  '{"maxPrice":"1e400"}',
  '{"maxPrice":-5}',
  '{"maxPrice":1e300}',
  '{"isDeleted":{"x":1}}',
  '{"role":["admin","user"]}',
  '{"paymentStatus":["paid","refunded"]}',
  '{"q":"nul\\u0000byte"}',
  '[]',
  '"text"',
  'null',
  '{"a":',
];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID_RE.test(s);

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.';
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type[0] : s.type);
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The kind of record an id field or path segment names, for picking ids that exist. */
export function idKind(name: string): string {
  const n = name.toLowerCase();
  // A booking's player ("/api/bookings/{id}/players/{playerId} playerId"); its link's token.
  if (n.endsWith(' playerid')) return 'player';
  if (n.endsWith(' token')) return 'token';
  // A credit pack: its own routes, and the packId a top-up (the customer's, or the desk's on a user) names.
  if (n === 'packid' || n.endsWith(' packid') || n.includes('credit-pack')) return 'pack';
  if (n.includes('facilit')) return 'facility';
  if (n.includes('waitlist')) return 'waitlist';
  if (n.includes('booking')) return 'booking';
  if (n.includes('user')) return 'user';
  if (n.includes('message')) return 'message';
  if (n.includes('payment') || n.includes('order')) return 'order';
  if (n.includes('tier')) return 'tier';
  if (n.includes('device')) return 'device';
  if (n.includes('webhook-deliver')) return 'delivery';
  if (n.includes('webhook')) return 'webhook';
  if (n.includes('voucher')) return 'voucher';
  if (n.includes('promo-code')) return 'promo';
  if (n.includes('closure')) return 'closure';
  if (n.includes('credit-pack') || n.includes('packid')) return 'pack';
  return 'any';
}

function text(ctx: ValueContext, min: number, max: number): string {
  const length = Math.min(max, Math.max(min, ctx.rng.between(min, Math.min(max, min + 12))));
  return Array.from({ length }, () => ctx.rng.pick(ALPHABET.split(''))).join('').trim().padEnd(length, 'x');
}

function validString(s: Schema, name: string, ctx: ValueContext, kind: string): string {
  const { rng } = ctx;
  if (s.format === 'uuid') return (rng.chance(0.85) && ctx.knownId(kind)) || rng.uuid();
  if (kind === 'token') return (rng.chance(0.85) && ctx.knownId(kind)) || text(ctx, s.minLength ?? 1, s.maxLength ?? 40);
  if (s.format === 'email') return `fuzz.${rng.int(1e9).toString(36)}@example.com`;
  if (s.pattern === DATE_PATTERN) return ctx.soonDate();
  if (s.format === 'date-time') return `${ctx.soonDate()}T12:00:00.000Z`;
  if (s.pattern === '^\\d{2}:\\d{2}$') return hh(rng.between(8, 21));
  const n = name.toLowerCase();
  if (n.includes('password')) return `Fuzz-${rng.int(1e9).toString(36)}-Pass!`;
  if (n === 'role') return rng.pick(['user', 'admin']);
  if (n === 'timezone') return rng.pick(['America/New_York', 'Europe/Paris', 'UTC']);
  // The back office's JSON-in-query parameters: mostly what react-admin sends, sometimes traps.
  if (n === 'sort') return rng.chance(0.7) ? JSON.stringify([rng.pick(['id', 'name', 'createdAt', 'date', 'status', 'email', 'pricePerHour', 'facility.name']), rng.pick(['ASC', 'DESC', 'asc'])]) : rng.pick(HOSTILE_SORTS);
  if (n === 'range') return rng.chance(0.7) ? JSON.stringify([0, rng.pick([0, 9, 24, 99, 999])]) : rng.pick(HOSTILE_RANGES);
  if (n === 'filter') {
    const id = ctx.knownId('any') ?? rng.uuid();
    return rng.chance(0.6)
      ? JSON.stringify(rng.pick<object>([{}, { q: 'court' }, { status: 'pending' }, { id: [id] }, { id }, { userId: id }, { facilityId: id }, { isDeleted: 'any' }, { maxPrice: 30 }, { role: 'admin' }, { dateFrom: ctx.soonDate(), dateTo: ctx.soonDate() }, { paymentStatus: 'paid' }, { provider: 'sandbox' }]))
      : rng.pick(HOSTILE_FILTERS);
  }
  if (n.includes('url')) return rng.pick(['https://example.com/p.png', '/images/facilities/tennis.svg']);
  return text(ctx, s.minLength ?? 1, s.maxLength ?? 40);
}

/** A value the schema accepts (close to what a real client sends). */
export function validValue(s: Schema, name: string, ctx: ValueContext, kind = idKind(name)): unknown {
  const { rng } = ctx;
  if (s.const !== undefined) return s.const;
  if (s.enum) return rng.pick(s.enum);
  if (s.anyOf) {
    const options = s.anyOf.filter((o) => typeOf(o) !== 'null');
    return validValue(rng.pick(options.length ? options : s.anyOf), name, ctx, kind);
  }
  if (s.allOf) return validValue(mergeAll(s.allOf), name, ctx, kind);
  if (s.nullable && rng.chance(0.1)) return null;
  switch (typeOf(s)) {
    case 'string':
      return validString(s, name, ctx, kind);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? 1000, min + 200);
      const n = rng.between(Math.ceil(min), Math.floor(max));
      return typeOf(s) === 'number' && rng.chance(0.3) ? n + 0.5 : n;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const count = rng.between(s.minItems ?? 0, Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 2));
      return Array.from({ length: count }, () => validValue(s.items ?? {}, name, ctx, kind));
    }
    case 'object':
    default:
      return validObject(s, ctx);
  }
}

function mergeAll(parts: Schema[]): Schema {
  return parts.reduce<Schema>((acc, p) => ({ ...acc, ...p, properties: { ...acc.properties, ...p.properties }, required: [...(acc.required ?? []), ...(p.required ?? [])] }), {});
}

function validObject(s: Schema, ctx: ValueContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    if (s.required?.includes(key) || ctx.rng.chance(0.5)) out[key] = validValue(prop, key, ctx);
  }
  // A booking's end follows its start, so that valid requests can succeed.
  if (typeof out.startTime === 'string' && typeof out.endTime === 'string') {
    const start = Number(out.startTime.slice(0, 2));
    out.endTime = hh(Math.min(22, start + ctx.rng.between(1, 2)));
  }
  return out;
}

/** A value at or just past the schema's limits, of the wrong type, or simply strange. */
export function hostileValue(s: Schema, ctx: ValueContext): unknown {
  const { rng } = ctx;
  const t = typeOf(s) ?? (s.anyOf ? typeOf(s.anyOf[0]!) : undefined);
  const choice = rng.int(6);
  if (choice === 0) return rng.pick<unknown>([null, true, false, 0, -1, 1e308, -1e308, 0.000001, '', [], {}, [[]], { a: { b: { c: {} } } }, '1', 'true']);
  if (choice === 1) return rng.pick(STRANGE_STRINGS);
  if (choice === 2) return 'x'.repeat(rng.pick([1_000, 5_000, 20_000]));
  if (t === 'string') {
    const max = s.maxLength ?? 100;
    const min = s.minLength ?? 0;
    return rng.pick(['a'.repeat(max), 'a'.repeat(max + 1), 'a'.repeat(Math.max(0, min - 1)), rng.pick(STRANGE_STRINGS).repeat(3), `${rng.uuid().toUpperCase()}`, `${rng.uuid()}x`, '2027-02-30', '2027-13-01', '0000-00-00', '99:99', '24:00', '23:59', '-1:00']);
  }
  if (t === 'integer' || t === 'number') {
    const min = s.minimum ?? 0;
    const max = s.maximum ?? 1_000_000;
    return rng.pick([min, max, min - 1, max + 1, min - 0.5, max + 0.5, 0, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e21, 0.1 + 0.2, '12', '1e3']);
  }
  if (t === 'array') return rng.pick<unknown>([[], Array.from({ length: (s.maxItems ?? 10) + 1 }, () => validValue(s.items ?? {}, '', ctx)), [null], 'not-an-array', { 0: 'a' }]);
  if (t === 'boolean') return rng.pick<unknown>(['true', 1, 0, 'yes', null]);
  return rng.pick<unknown>([[], 'object?', 42, { extra: 'field' }, Object.fromEntries(STRANGE_STRINGS.slice(0, 5).map((k, i) => [k, i]))]);
}
