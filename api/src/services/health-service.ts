import { pingDatabase } from '../repositories/health.ts';
import { pendingBacklog } from '../repositories/outbox.ts';
import type { ServiceContext } from '../shared/context.ts';

/** Mail waiting to be sent: how many messages, and how long the oldest has waited (seconds). */
export async function mailBacklog(ctx: ServiceContext): Promise<{ pending: number; oldestSeconds: number }> {
  const { pending, oldest } = await pendingBacklog(ctx.db);
  return { pending, oldestSeconds: oldest ? Math.max(0, Math.round((ctx.clock().getTime() - new Date(oldest).getTime()) / 1000)) : 0 };
}

export async function databaseAnswers(ctx: ServiceContext): Promise<boolean> {
  try {
    await pingDatabase(ctx.db);
    return true;
  } catch {
    return false;
  }
}
