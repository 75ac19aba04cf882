import { listWhere } from '../common/links.ts';

/** Console paths into the payments list with a filter applied. */
export const paymentsWhere = (filter: Record<string, unknown>) => listWhere('payments', filter);

/** A customer's payments: the list's search matches the customer's email. */
export const paymentsOf = (email: string) => paymentsWhere({ q: email });

export const FLAGGED_FILTER = { flagged: true };
export const flaggedPayments = paymentsWhere(FLAGGED_FILTER);
