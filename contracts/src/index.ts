/**
 * The API's wire shapes, each written once. The API validates, serializes and documents with
 * these schemas; the site and the back office import only their types (`import type`), so no
 * schema code reaches a browser bundle. Error codes and status lists come from the domain.
 */
export * from './primitives.ts';
export * from './envelope.ts';
export * from './users.ts';
export * from './facilities.ts';
export * from './bookings.ts';
export * from './payments.ts';
export * from './promo-codes.ts';
export * from './back-office.ts';
export * from './settings.ts';
export * from './tiers.ts';
export * from './availability.ts';
export * from './reviews.ts';
export * from './staff.ts';
export * from './reports.ts';
export * from './cash-up.ts';
export type { ErrorCode } from '@courtside/domain';
export * from './waitlist.ts';
export * from './players.ts';
export * from './attendance.ts';
export * from './webhooks.ts';
export * from './access.ts';
export * from './wallet.ts';
