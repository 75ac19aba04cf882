import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * One log line per completed request, written by Fastify's own log controller (no hook, no
 * second line): reqId, method, url (secrets masked), status and ms. Fastify's "incoming
 * request" / "request completed" pair is replaced; its error lines (a failed serializer, a
 * stream cut after the headers, ...) are kept, and so are ours (plugins/errors.ts). Pages the
 * site renders are logged too: Fastify sees their answer finish.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ ...fieldsOf(request, reply.statusCode, reply.elapsedTime), err: error }, 'request errored');
    else logCompleted(request, reply.statusCode, reply.elapsedTime);
  }
}

/** The levels at which a completed request is logged. */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

const fieldsOf = (request: FastifyRequest, status: number, elapsedMs: number) => ({
  method: request.method,
  url: loggableUrl(request.url),
  status,
  ms: Math.round(elapsedMs * 10) / 10,
});

/**
 * The line of a request answered with `status` after `elapsedMs`, unless the level is above
 * `info` (checked first: then a request costs nothing here) or it is a health check, which load
 * balancers poll every few seconds and which says nothing.
 */
function logCompleted(request: FastifyRequest, status: number, elapsedMs: number): void {
  if (!LOGS_REQUESTS.has(request.log.level) || request.url.startsWith('/api/health')) return;
  request.log.info(fieldsOf(request, status, elapsedMs), 'request');
}

/** Query parameters whose value is a credential (a password-reset token, a signature...). */
const SECRET_PARAM = /token|secret|password|key|sig|code|session|auth/i;
/** Paths that are themselves a credential: a calendar feed's address (calendar programs cannot sign in). */
const SECRET_PATH = /^\/api\/calendar\/[^/?]+\.ics/;

/** The request's address as it may be logged: secret query values and secret paths masked. */
export function loggableUrl(url: string): string {
  const path = SECRET_PATH.test(url) ? url.replace(SECRET_PATH, '/api/calendar/[redacted].ics') : url;
  const q = path.indexOf('?');
  if (q === -1) return path;
  const pairs = path.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    return eq !== -1 && SECRET_PARAM.test(name) ? `${name}=[redacted]` : pair;
  });
  return `${path.slice(0, q)}?${pairs.join('&')}`;
}

/**
 * The server's logger: JSON lines at `level` to standard output through an asynchronous
 * destination (lines queue in memory while a write is in flight, so the event loop never waits
 * on the terminal or the pipe), and `flush`, which writes what is queued before the process exits.
 */
export function serverLogger(level: string) {
  const destination = pino.destination({ dest: 1, sync: false, minLength: Number(process.env.TMP_MINLEN ?? 0), periodicFlush: 1000 });
  return {
    options: { level, stream: destination },
    flush: () => {
      try {
        destination.flushSync();
      } catch {
        // standard output is gone (a closed pipe): nothing to flush into
      }
    },
  };
}
