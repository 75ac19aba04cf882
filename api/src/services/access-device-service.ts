import { createHash, randomBytes } from 'node:crypto';
import { DomainError, invalid } from '@courtside/domain';
import type { AccessDeviceBody, AccessDeviceDto, NewAccessDeviceDto } from '@courtside/contracts';
import * as devices from '../repositories/access-devices.ts';
import type { AccessDeviceView } from '../repositories/access-devices.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import { parseListParams, type ListParams } from '../shared/admin-query.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

/**
 * The back office's access devices: door keypads, gates and kiosks that ask whether a code opens
 * a door. A device's key is made here, answered once and kept only as its SHA-256 hash (a key is
 * 32 random bytes: no salt or slow hash is needed to make a leaked hash useless).
 */

/** Every device key starts so: a log or a support message shows what kind of secret it is. */
export const DEVICE_KEY_PREFIX = 'csd_';

export const hashDeviceKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const newDeviceKey = () => `${DEVICE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

const deviceNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Device not found.');

function toDeviceDto(row: AccessDeviceView): AccessDeviceDto {
  return {
    id: row.id,
    name: row.name,
    facilityIds: row.facility_ids && row.facility_ids.length > 0 ? row.facility_ids : null,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/** What staff wrote, checked: no facilities (or none listed) is every facility; each listed one must exist. */
async function facilitiesOf(ctx: ServiceContext, body: AccessDeviceBody): Promise<string[] | null> {
  const ids = [...new Set(body.facilityIds ?? [])];
  if (ids.length === 0) return null;
  const known = new Set((await devices.knownFacilityIds(ctx.db, ids)).map((r) => r.id));
  const i = (body.facilityIds ?? []).findIndex((id) => !known.has(id));
  if (i >= 0) throw invalid('VALIDATION_FAILED', `facilityIds[${i}] is not a facility`, `facilityIds[${i}]`);
  return ids;
}

export async function pageDevices(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(params, { name: 'd.name', createdAt: 'd.created_at', lastSeenAt: 'd.last_seen_at', id: 'd.id' }, ['createdAt', 'DESC']);
  const revoked = filter.revoked === true || filter.revoked === 'true' ? true : filter.revoked === false || filter.revoked === 'false' ? false : undefined;
  const { rows, total } = await devices.pageDevices(ctx.db, { ids, revoked }, page);
  return { records: rows.map(toDeviceDto), total, page };
}

export async function getDevice(ctx: ServiceContext, id: string): Promise<AccessDeviceDto> {
  const row = await devices.findDevice(ctx.db, id);
  if (!row) throw deviceNotFound();
  return toDeviceDto(row);
}

/** Makes a device and answers its key, this once. */
export async function createDevice(ctx: ServiceContext, actor: CurrentUser, body: AccessDeviceBody): Promise<NewAccessDeviceDto> {
  const facilityIds = await facilitiesOf(ctx, body);
  const key = newDeviceKey();
  const now = ctx.clock();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await devices.insertDevice(trx, { name: body.name, keyHash: hashDeviceKey(key), facilityIds, createdBy: actor.id }, now);
    await recordAudit(trx, actor, now, { action: 'policy-change', subjectType: 'access-device', subjectId: id, summary: `Added door device ${body.name}`, detail: { facilityIds } });
    return id;
  });
  return { ...(await getDevice(ctx, id)), key };
}

export async function updateDevice(ctx: ServiceContext, actor: CurrentUser, id: string, body: AccessDeviceBody): Promise<AccessDeviceDto> {
  const facilityIds = await facilitiesOf(ctx, body);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await devices.updateDevice(trx, id, { name: body.name, facilityIds }))) throw deviceNotFound();
    await recordAudit(trx, actor, ctx.clock(), { action: 'policy-change', subjectType: 'access-device', subjectId: id, summary: `Changed door device ${body.name}`, detail: { facilityIds } });
  });
  return getDevice(ctx, id);
}

/** Revokes a device (DELETE): its key stops at once; the device stays listed, revoked. Revoking twice changes nothing. */
export async function revokeDevice(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<AccessDeviceDto> {
  const before = await getDevice(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (await devices.revokeDevice(trx, id, ctx.clock())) {
      await recordAudit(trx, actor, ctx.clock(), { action: 'delete', subjectType: 'access-device', subjectId: id, summary: `Revoked door device ${before.name}` });
    }
  });
  return getDevice(ctx, id);
}
