import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the server keeps on disk (the embedded database, the generated JWT secret, the lock
 * file, the .eml files) is its owner's alone: directories 0700, files 0600. Another account on
 * the host must not read a reset link or the signing key, nor write the database's pages.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The umask that gives everything the process creates those modes, whoever creates it (PGlite's files too). */
export const PRIVATE_UMASK = 0o077;

/** Makes `dir` (and any missing parent) owner-only, also when it was there already. */
export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** The same, without blocking (the mail sender's directory). */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Closes everything under `dir` to all but its owner (directories 0700, files 0600; links are
 * left alone): what an older version, or a process under a looser umask, left open.
 */
export function restrictTree(dir: string): void {
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== mode) chmodSync(path, mode);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
}
