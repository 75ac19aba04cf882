/** A price rule as the API takes it: an empty validity date is left out (open-ended). */
const toPriceRule = (rule: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(rule).filter(([key, value]) => !(key.startsWith('valid') && (value === null || value === ''))));

/**
 * Only what the API accepts; an empty time zone means the venue's default, a blank policy field the venue's,
 * and empty players per booking the sport's usual number.
 */
export const toFacilityBody = (data: Record<string, unknown>) => {
  const { id: _id, _id: _wireId, isDeleted: _deleted, timezone, imageUrl, priceRules, policy, maxPlayers, ...rest } = data;
  return {
    ...rest,
    ...(typeof maxPlayers === 'number' ? { maxPlayers } : {}),
    ...(typeof timezone === 'string' && timezone ? { timezone } : {}),
    ...(typeof imageUrl === 'string' && imageUrl.trim() ? { imageUrl: imageUrl.trim() } : {}),
    ...(Array.isArray(priceRules) ? { priceRules: priceRules.map((r) => toPriceRule(r as Record<string, unknown>)) } : {}),
    ...(policy && typeof policy === 'object'
      ? { policy: Object.fromEntries(Object.entries(policy).filter(([, v]) => v !== null && v !== '' && v !== undefined)) }
      : {}),
  };
};
