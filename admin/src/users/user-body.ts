/**
 * What PUT /api/admin/users/:id takes from the edit form: contact details and the tier. An empty
 * choice is null (no tier, no expiry); the expiry goes as an ISO date-time.
 */
export function toUserBody(data: Record<string, unknown>) {
  const expires = data.tierExpiresAt;
  const tierId = typeof data.tierId === 'string' && data.tierId ? data.tierId : null;
  const at = expires instanceof Date ? expires : typeof expires === 'string' && expires ? new Date(expires) : null;
  return {
    name: data.name,
    phone: data.phone,
    address: data.address,
    tierId,
    tierExpiresAt: tierId && at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
  };
}
