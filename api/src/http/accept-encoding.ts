/** Names a client may give a content coding by (RFC 9110 keeps x-gzip as gzip's old name). */
const ALIASES: Readonly<Record<string, string>> = { 'x-gzip': 'gzip' };
const REFUSED = /^\s*q\s*=\s*0(\.0{0,3})?\s*$/;

/**
 * Whether an Accept-Encoding header accepts `coding` ('gzip', 'br'): named (or `*`) without
 * `q=0`. A client that sends none gets the bytes as they are (RFC 9110 allows either; tools
 * expect them plain).
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [raw = '', ...params] = part.trim().toLowerCase().split(';');
    const name = ALIASES[raw] ?? raw;
    const refused = params.some((p) => REFUSED.test(p));
    if (name === coding) return !refused;
    if (name === '*') star = !refused;
  }
  return star;
}
