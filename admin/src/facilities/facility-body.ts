/** A price rule as the API takes it: an empty validity date is left out (open-ended). */
const toPriceRule = (rule: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(rule).filter(([key, value]) => !(key.startsWith('valid') && (value === null || value === ''))));

/**
 * Only what the API accepts; an empty time zone means the venue's default, a blank policy field the venue's,
 * empty players per booking the sport's usual number, and an empty "Part of" a facility of its own.
 * The links' names (parent, parts) are the server's to say.
 */
export const toFacilityBody = (data: Record<string, unknown>) => {
  const { id: _id, _id: _wireId, isDeleted: _deleted, timezone, imageUrl, priceRules, policy, maxPlayers, parentId, parent: _parent, parts: _parts, ...rest } = data;
  return {
    ...rest,
    parentId: typeof parentId === 'string' && parentId ? parentId : null,
    ...(typeof maxPlayers === 'number' ? { maxPlayers } : {}),
    ...(typeof timezone === 'string' && timezone ? { timezone } : {}),
    ...(typeof imageUrl === 'string' && imageUrl.trim() ? { imageUrl: imageUrl.trim() } : {}),
    ...(Array.isArray(priceRules) ? { priceRules: priceRules.map((r) => toPriceRule(r as Record<string, unknown>)) } : {}),
    ...(policy && typeof policy === 'object'
      ? { policy: Object.fromEntries(Object.entries(policy).filter(([, v]) => v !== null && v !== '' && v !== undefined)) }
      : {}),
  };
};
