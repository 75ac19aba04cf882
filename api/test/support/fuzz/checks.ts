/**
 * What every fuzzed response must satisfy: no 5xx, a status the operation declares, a body that
 * validates against the declared schema for that status, and no stack trace or SQL text.
 */
import { createRequire } from 'node:module';
import type { Operation } from './requests.ts';
import type { Schema } from './values.ts';

// Ajv 8 is the validator Fastify itself compiles schemas with; it is reached through Fastify's
// compiler rather than declared again (the top-level `ajv` in node_modules is ESLint's Ajv 6).
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'));
type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
interface AjvLike {
  addFormat(name: string, format: RegExp | ((value: string) => boolean)): unknown;
  compile(schema: object): Validate;
}
const ajvModule = requireFromFastify('ajv') as { default?: new (opts: object) => AjvLike };
const AjvClass = (ajvModule.default ?? ajvModule) as new (opts: object) => AjvLike;

/** Text that must never reach a client: stack frames, SQL, database error wording. */
export const LEAK_PATTERNS: RegExp[] = [
  /at .*\.ts:\d+/,
  /at .*\.js:\d+/,
  /\bSELECT\b.*\bFROM\b/,
  /\bINSERT INTO\b/,
  /\bUPDATE\b.*\bSET\b.*\bWHERE\b/,
  /syntax error at/,
  /violates/,
  /duplicate key value/,
  /relation "[^"]+"/,
  /invalid input syntax for/,
  /node_modules/,
  /\/work\/|\/home\/|\/usr\//,
];

export class ResponseChecker {
  readonly #ajv;
  readonly #validators = new Map<string, Validate>();

  constructor() {
    this.#ajv = new AjvClass({ strict: false, allErrors: false });
    this.#ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    this.#ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
    this.#ajv.addFormat('date-time', () => true);
  }

  #validator(op: Operation, status: number, schema: Schema): Validate {
    const key = `${op.method} ${op.path} ${status}`;
    let v = this.#validators.get(key);
    if (!v) {
      v = this.#ajv.compile(schema) as Validate;
      this.#validators.set(key, v);
    }
    return v;
  }

  /** Every problem with one response, as short labels (empty: the response is fine). */
  problems(op: Operation, status: number, contentType: string | undefined, body: string): string[] {
    const found: string[] = [];
    if (status >= 500) found.push(`server error ${status}`);
    if (!op.responses.has(status)) found.push(`undeclared status ${status}`);
    const leak = LEAK_PATTERNS.find((re) => re.test(body));
    if (leak) found.push(`leaks ${leak.source}`);
    const schema = op.responses.get(status);
    const declaredOther = op.otherMediaTypes.get(status)?.some((type) => (contentType ?? '').startsWith(type)) ?? false;
    if (schema && !declaredOther) {
      if (!(contentType ?? '').includes('application/json')) {
        found.push(`status ${status} answered ${contentType ?? 'no content type'}, not JSON`);
      } else {
        let data: unknown;
        try {
          data = JSON.parse(body);
        } catch {
          found.push(`status ${status} body is not JSON`);
          return found;
        }
        const validate = this.#validator(op, status, schema);
        if (!validate(data)) {
          const e = validate.errors?.[0];
          found.push(`status ${status} body breaks its schema at '${e?.instancePath ?? ''}' (${e?.message ?? 'invalid'})`);
        }
      }
    }
    return found;
  }
}

/** Keys Object.prototype has now; compared before and after a run to detect pollution. */
export const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** True when a request managed to write onto Object.prototype (e.g. through __proto__). */
export function prototypePolluted(baseline: string): boolean {
  const probe = {} as Record<string, unknown>;
  return prototypeKeys() !== baseline || probe.polluted !== undefined || probe.isAdmin !== undefined || probe.role !== undefined;
}
