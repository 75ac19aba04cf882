import type { FacilityDto, ListRecord } from '@courtside/contracts';

/** A facility as the back office gets it: the wire shape plus react-admin's `id`. */
export type FacilityRecord = ListRecord<FacilityDto>;
