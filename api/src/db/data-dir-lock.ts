import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, privateDirSync } from './private-files.ts';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database directory for this process. PGlite gives no error when two
 * processes share a directory and silently loses writes, so the second one must stop here.
 * A lock left by a process that died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  privateDirSync(dir);
  const file = join(dir, 'courtside.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is already in use by process ${owner}. ` +
            'Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}`);
}
