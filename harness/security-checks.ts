/**
 * What we ask of every response's security headers (docs/SECURITY.md), and of every page against its own
 * Content-Security-Policy, as plain functions: prove/security.ts applies them over real HTTP,
 * api/test/security-headers.test.ts through app.inject. Each returns the problems it found
 * (an empty list is a pass), worded for a failure message.
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';

export type HeaderBag = Record<string, string | string[] | number | undefined> | Headers;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/** "a 'x' b; c d" -> { a: ["'x'", "b"], c: ["d"] }; the first of a repeated directive wins, as in browsers. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The four headers every response must carry, and the three directives its policy must have. */
export function securityHeaderProblems(headers: HeaderBag): string[] {
  const problems: string[] = [];
  const csp = header(headers, 'content-security-policy');
  if (!csp) problems.push('no Content-Security-Policy');
  else {
    const policy = parseCsp(csp);
    if (policy.get('object-src')?.join(' ') !== "'none'") problems.push(`object-src is not 'none' (${policy.get('object-src')?.join(' ') ?? 'missing'})`);
    if (!policy.get('base-uri')?.length) problems.push('no base-uri');
    if (!policy.get('frame-ancestors')?.length) problems.push('no frame-ancestors');
  }
  const hsts = header(headers, 'strict-transport-security');
  if (!hsts || !/max-age=[1-9]\d*/.test(hsts)) problems.push(`no Strict-Transport-Security with a max-age (${hsts ?? 'missing'})`);
  if (header(headers, 'x-content-type-options')?.toLowerCase() !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!header(headers, 'referrer-policy')) problems.push('no Referrer-Policy');
  return problems;
}

/** A CORS grant of any kind in these headers (unknown origins get none: the API serves its own pages only). */
export function corsGrant(headers: HeaderBag): string | undefined {
  for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods', 'access-control-allow-headers']) {
    const value = header(headers, name);
    if (value !== undefined) return `${name}: ${value}`;
  }
  return undefined;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** Script types a browser does not run (data blocks): CSP does not look at them. */
const DATA_BLOCK = /type\s*=\s*["']?(application\/(ld\+)?json|text\/(plain|template))/i;

/** The sources that govern an element kind: script-src-elem, else script-src, else default-src. */
function sourcesFor(policy: Map<string, string[]>, kind: 'script' | 'style', scope: 'elem' | 'attr'): string[] {
  return policy.get(`${kind}-src-${scope}`) ?? policy.get(`${kind}-src`) ?? policy.get('default-src') ?? [];
}

/**
 * Does the page agree with its policy? script-src must not allow 'unsafe-inline' (nor
 * 'unsafe-eval'), every inline script and style must be allowed by hash (styles may be
 * allowed wholesale by 'unsafe-inline'), and no inline event handler or style attribute may
 * be blocked. Returns what a browser would refuse.
 */
export function pagePolicyProblems(html: string, csp: string): string[] {
  const policy = parseCsp(csp);
  const problems: string[] = [];
  const scripts = sourcesFor(policy, 'script', 'elem');
  const scriptSrc = policy.get('script-src') ?? policy.get('default-src') ?? [];
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'"]) {
    if (scriptSrc.includes(unsafe) || scripts.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attrs = '', body = ''] = m;
    if (/\bsrc\s*=/i.test(attrs) || DATA_BLOCK.test(attrs)) continue;
    if (!scripts.includes(sha256(body))) problems.push(`inline script not in the policy: ${body.trim().slice(0, 60)}…`);
  }
  const styles = sourcesFor(policy, 'style', 'elem');
  if (!styles.includes("'unsafe-inline'")) {
    for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
      if (!styles.includes(sha256(m[1] ?? ''))) problems.push(`inline style not in the policy: ${(m[1] ?? '').trim().slice(0, 60)}…`);
    }
  }
  const tags = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '').replace(/<style\b[\s\S]*?<\/style\s*>/gi, '');
  if (!sourcesFor(policy, 'style', 'attr').includes("'unsafe-inline'") && /<[a-z][^>]*\sstyle\s*=/i.test(tags)) problems.push('a style="" attribute the policy blocks');
  if (!sourcesFor(policy, 'script', 'attr').includes("'unsafe-inline'") && /<[a-z][^>]*\son[a-z]+\s*=/i.test(tags)) problems.push('an inline event handler (on…="") the policy blocks');
  return problems;
}

/**
 * One raw HTTP/1.1 conversation: writes `first`, runs `between` (e.g. start closing the
 * server), then writes `second` on the same socket; resolves with everything read once the
 * server closes it (or after `timeoutMs`). For answers a server writes outside its hooks.
 */
export function rawExchange(port: number, first: string, between: () => Promise<unknown>, second: string, timeoutMs = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(first, () => void between().then(() => socket.write(second)));
    setTimeout(() => socket.destroy(), timeoutMs).unref();
  });
}

/** The responses in a raw exchange, each as its status and lower-cased headers. */
export function rawResponses(received: string): { status: number; headers: Record<string, string> }[] {
  return received
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter((r) => r.startsWith('HTTP/1.1 '))
    .map((r) => {
      const [statusLine = '', ...lines] = r.split('\r\n\r\n')[0]!.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      return { status: Number(statusLine.split(' ')[1]), headers };
    });
}
