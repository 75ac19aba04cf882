import { pingDatabase } from '../repositories/health.ts';
import type { ServiceContext } from './context.ts';

export async function databaseAnswers(ctx: ServiceContext): Promise<boolean> {
  try {
    await pingDatabase(ctx.db);
    return true;
  } catch {
    return false;
  }
}
