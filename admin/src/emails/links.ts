import { listWhere } from '../common/links.ts';

/** Messages the outbox gave up on after a day of retries: the dashboard counts them. */
export const FAILED_FILTER = { state: 'failed' };
export const failedEmails = listWhere('emails', FAILED_FILTER);
