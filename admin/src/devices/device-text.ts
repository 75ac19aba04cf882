import type { AccessDeviceBody } from '@courtside/contracts';
import type { DeviceRecord } from './types.ts';

/** The device form as react-admin holds it: facilities picked, none meaning all of them. */
export interface DeviceForm {
  name: string;
  facilityIds: string[] | null | undefined;
}

export const EMPTY_DEVICE: DeviceForm = { name: '', facilityIds: [] };

/** What the API takes: no facilities picked is every facility (null). */
export function toDeviceBody(form: DeviceForm): AccessDeviceBody {
  const ids = form.facilityIds ?? [];
  return { name: form.name.trim(), facilityIds: ids.length > 0 ? ids : null };
}

/** "All facilities", or the names of the ones it opens (an id whose facility is gone reads as "a removed facility"). */
export function facilitiesText(record: Pick<DeviceRecord, 'facilityIds'>, names: ReadonlyMap<string, string>): string {
  if (!record.facilityIds || record.facilityIds.length === 0) return 'All facilities';
  return record.facilityIds.map((id) => names.get(id) ?? 'a removed facility').join(', ');
}

/** Where a device stands: revoked, never used yet, or in use. */
export function deviceState(record: Pick<DeviceRecord, 'revokedAt' | 'lastSeenAt'>): 'revoked' | 'unused' | 'active' {
  if (record.revokedAt) return 'revoked';
  return record.lastSeenAt ? 'active' : 'unused';
}
