import type { AdminReviewBody, AdminReviewDto } from '@courtside/contracts';

/** A review as the back office lists it: with its author (staff only) and whether it is hidden. */
export type ReviewRecord = AdminReviewDto;

/** What PUT /api/admin/reviews/:id takes: hide (with an optional reason) or show again. */
export type ReviewUpdate = AdminReviewBody;
