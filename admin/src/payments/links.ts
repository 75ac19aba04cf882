/** Console paths into the payments list with a filter applied (react-admin reads `filter` from the URL). */
export const paymentsWhere = (filter: Record<string, unknown>) => `/payments?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A customer's payments: the list's search matches the customer's email. */
export const paymentsOf = (email: string) => paymentsWhere({ q: email });

export const flaggedPayments = paymentsWhere({ flagged: true });
