import type { AccessDeviceDto } from '@courtside/contracts';

/** A door device as the back office lists it (its `id` is react-admin's key already). */
export type DeviceRecord = AccessDeviceDto;
