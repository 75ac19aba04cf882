import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider, MigrationResultSet } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import * as initialSchema from './migrations/2026_11_22_0001_initial_schema.ts';
import * as refunds from './migrations/2026_11_22_0100_refunds.ts';
import * as changeNotifications from './migrations/2026_11_22_0200_change_notifications.ts';
import * as bookingInsertsNotifiedByApi from './migrations/2026_11_22_0210_booking_inserts_notified_by_api.ts';
import * as orderFlagResolution from './migrations/2026_11_23_0100_order_flag_resolution.ts';
import * as userChangeNotifications from './migrations/2026_11_23_0200_user_change_notifications.ts';
import * as abuseGuards from './migrations/2026_11_24_0100_abuse_guards.ts';
import * as outbox from './migrations/2026_11_24_0200_outbox.ts';
import * as outboxWakeup from './migrations/2026_11_24_0300_outbox_wakeup.ts';
import * as closures from './migrations/2026_11_24_0400_closures.ts';
import * as frontDesk from './migrations/2026_11_24_0500_front_desk.ts';
import * as priceRulesPolicy from './migrations/2026_11_24_0600_price_rules_policy.ts';
import * as buffersQuotas from './migrations/2026_11_24_0700_buffers_quotas.ts';
import * as customerTiers from './migrations/2026_11_24_0800_customer_tiers.ts';
import * as promoCodes from './migrations/2026_11_24_0900_promo_codes.ts';
import * as sports from './migrations/2026_11_24_1000_sports.ts';
import * as resetLinksKept from './migrations/2026_11_26_0100_reset_links_kept.ts';
import * as outboxSealedBody from './migrations/2026_11_26_0200_outbox_sealed_body.ts';
import * as deskRefunds from './migrations/2026_11_26_0300_desk_refunds.ts';
import * as moveRules from './migrations/2026_11_26_0400_move_rules.ts';
import * as reviews from './migrations/2026_11_26_0601_reviews.ts';
import * as oneLongestBooking from './migrations/2026_11_26_0700_one_longest_booking.ts';
import * as changeoverFromPlayTime from './migrations/2026_11_26_1000_changeover_from_play_time.ts';
import * as holdEndsAtStart from './migrations/2026_11_26_1100_hold_ends_at_start.ts';
import * as refundAnnounced from './migrations/2026_11_26_1400_refund_announced.ts';
import * as currentSql from './migrations/2026_11_27_0100_current_sql.ts';
import * as staffRolesAudit from './migrations/2026_11_27_0200_staff_roles_audit.ts';
import * as staffNotes from './migrations/2026_11_27_0300_staff_notes.ts';
import * as cashUp from './migrations/2026_11_27_0400_cash_up.ts';
import * as bookingReportColumns from './migrations/2026_11_27_0500_booking_report_columns.ts';
import * as waitlist from './migrations/2026_11_27_0600_waitlist.ts';
import * as players from './migrations/2026_11_27_0700_players.ts';
import * as splitPayment from './migrations/2026_11_27_0800_split_payment.ts';
import * as linkedCourts from './migrations/2026_11_27_0900_linked_courts.ts';
import * as atTheDoor from './migrations/2026_11_28_0100_at_the_door.ts';
import * as noShowBlocks from './migrations/2026_11_28_0200_no_show_blocks.ts';
import * as webhooks from './migrations/2026_11_28_0300_webhooks.ts';
import * as wallet from './migrations/2026_11_29_0100_wallet.ts';
import * as creditOrderDescription from './migrations/2026_11_29_0200_credit_order_description.ts';
import { applyCurrentSql } from './current-sql.ts';

export type * from './schema.ts';
export { DEMO_FACILITIES, type DemoFacility } from './seed/demo-catalogue.ts';
export { applyCurrentSql, currentSqlFiles, splitStatements, type SqlFile } from './current-sql.ts';

/** Every migration, in order. Names are timestamps; a shipped migration is never edited. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_initial_schema': initialSchema,
  '2026_11_22_0100_refunds': refunds,
  '2026_11_22_0200_change_notifications': changeNotifications,
  '2026_11_22_0210_booking_inserts_notified_by_api': bookingInsertsNotifiedByApi,
  '2026_11_23_0100_order_flag_resolution': orderFlagResolution,
  '2026_11_23_0200_user_change_notifications': userChangeNotifications,
  '2026_11_24_0100_abuse_guards': abuseGuards,
  '2026_11_24_0200_outbox': outbox,
  '2026_11_24_0300_outbox_wakeup': outboxWakeup,
  '2026_11_24_0400_closures': closures,
  '2026_11_24_0500_front_desk': frontDesk,
  '2026_11_24_0600_price_rules_policy': priceRulesPolicy,
  '2026_11_24_0700_buffers_quotas': buffersQuotas,
  '2026_11_24_0800_customer_tiers': customerTiers,
  '2026_11_24_0900_promo_codes': promoCodes,
  '2026_11_24_1000_sports': sports,
  '2026_11_26_0100_reset_links_kept': resetLinksKept,
  '2026_11_26_0200_outbox_sealed_body': outboxSealedBody,
  '2026_11_26_0300_desk_refunds': deskRefunds,
  '2026_11_26_0400_move_rules': moveRules,
  '2026_11_26_0601_reviews': reviews,
  '2026_11_26_0700_one_longest_booking': oneLongestBooking,
  '2026_11_26_1000_changeover_from_play_time': changeoverFromPlayTime,
  '2026_11_26_1100_hold_ends_at_start': holdEndsAtStart,
  '2026_11_26_1400_refund_announced': refundAnnounced,
  '2026_11_27_0100_current_sql': currentSql,
  '2026_11_27_0200_staff_roles_audit': staffRolesAudit,
  '2026_11_27_0300_staff_notes': staffNotes,
  '2026_11_27_0400_cash_up': cashUp,
  '2026_11_27_0500_booking_report_columns': bookingReportColumns,
  '2026_11_27_0600_waitlist': waitlist,
  '2026_11_27_0700_players': players,
  '2026_11_27_0800_split_payment': splitPayment,
  '2026_11_27_0900_linked_courts': linkedCourts,
  '2026_11_28_0100_at_the_door': atTheDoor,
  '2026_11_28_0200_no_show_blocks': noShowBlocks,
  '2026_11_28_0300_webhooks': webhooks,
  '2026_11_29_0100_wallet': wallet,
  '2026_11_29_0200_credit_order_description': creditOrderDescription,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the database to the latest schema, then its functions and triggers to the current SQL
 * of sql/ (current-sql.ts); throws with the failing migration's or file's error.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const err = new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String((result.error as Error).message ?? result.error)}`);
    (err as Error & { cause: unknown }).cause = result.error;
    throw err;
  }
  await applyCurrentSql(db);
  return result;
}

/** Brings the database to the named migration and no further: a data migration's test sets the stage before it. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<MigrationResultSet> {
  const result = await new Migrator({ db, provider }).migrateTo(name);
  if (result.error) throw result.error;
  return result;
}
