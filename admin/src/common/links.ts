/** A console path into a resource's list with a filter applied (react-admin reads `filter` from the URL). */
export const listWhere = (resource: string, filter: Record<string, unknown>) => `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
