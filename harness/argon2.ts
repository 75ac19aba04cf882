/**
 * The password-hash promise (README, Accounts): every stored hash is argon2id (version 19)
 * with 19 MiB of memory, 2 passes and 1 lane. Judged on the PHC string's fields, not its text:
 * the argon2 package (0.4x) writes the parameters as m,p,t where the reference encoder writes
 * m,t,p, so the literal prefix below is reported separately (`canonicalOrder`).
 */
export const ARGON2_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';
const WANTED: Record<string, string> = { m: '19456', t: '2', p: '1' };

/** What is wrong with one stored hash (an empty list: argon2id v=19 m=19456 t=2 p=1, with a salt and a digest). */
export function argon2Problems(hash: string): string[] {
  const [empty, id, version, params, salt, digest, ...rest] = hash.split('$');
  if (empty !== '' || rest.length > 0 || !salt || !digest) return ['not a PHC string $id$v=..$params$salt$hash'];
  const problems: string[] = [];
  if (id !== 'argon2id') problems.push(`algorithm ${id}, not argon2id`);
  if (version !== 'v=19') problems.push(`version ${version}, not v=19`);
  const got = Object.fromEntries((params ?? '').split(',').map((kv) => kv.split('=') as [string, string]));
  for (const [key, value] of Object.entries(WANTED)) if (got[key] !== value) problems.push(`${key}=${got[key] ?? 'missing'}, not ${value}`);
  const extra = Object.keys(got).filter((key) => !(key in WANTED));
  if (extra.length) problems.push(`unexpected parameters ${extra.join(',')}`);
  return problems;
}

/** Whether the hash also starts with the reference encoder's exact text (m,t,p order). */
export const canonicalOrder = (hash: string) => hash.startsWith(ARGON2_PREFIX);
