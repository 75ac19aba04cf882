import type { SeriesDto } from '@courtside/contracts';

/** A weekly series as the back office lists it (`id` is react-admin's key already). */
export type SeriesRecord = SeriesDto;
export type Occurrence = SeriesDto['occurrences'][number];
