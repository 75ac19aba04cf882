import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, privateDirSync } from './private-files.ts';

/** The embedded setup keeps a generated signing key beside its data, so tokens survive restarts. */
export function jwtSecretFor(config: { jwtSecret: string | undefined; dataDir: string }): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  privateDirSync(config.dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}
