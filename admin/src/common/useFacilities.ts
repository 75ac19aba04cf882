import { useGetList } from 'react-admin';
import type { FacilityRecord } from '../facilities/types.ts';

/** Every live facility by name, with the rules a booking must keep (hours, slot grid, rate): what the booking forms offer. */
export const useFacilities = () => useGetList<FacilityRecord>('facilities', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
