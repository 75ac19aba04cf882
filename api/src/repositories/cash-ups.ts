import { sql } from 'kysely';
import type { DeskPaymentMethod } from '@courtside/domain';
import type { CashUpsTable } from '@courtside/migrations';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../db/database.ts';

/** A payment taken at the desk, with who paid and who took it. */
export interface DeskPaymentRow {
  order_id: string;
  paid_at: Date;
  amount_cents: number;
  payment_method: DeskPaymentMethod | null;
  user_id: string;
  user_name: string;
  taken_by: string | null;
  taken_by_name: string | null;
  /** An order without bookings: what it bought (a wallet top-up). */
  description: string | null;
}

/** The desk's payments taken in [from, to), in the order they were taken (orders_desk_paid_at_idx). */
export function deskPaymentsBetween(db: Executor, from: Date, to: Date): Promise<DeskPaymentRow[]> {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('users as s', 's.id', 'o.taken_by')
    .select(['o.id as order_id', 'o.amount_cents', 'o.payment_method', 'u.id as user_id', 'u.name as user_name', 'o.taken_by', 's.name as taken_by_name', 'o.description'])
    .select(sql<Date>`o.paid_at`.as('paid_at'))
    .where('o.provider', '=', 'desk')
    .where('o.paid_at', '>=', from)
    .where('o.paid_at', '<', to)
    .orderBy('o.paid_at')
    .orderBy('o.id')
    .execute();
}

/** The bookings some orders paid for, with where and when they are. */
export function bookingsOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_bookings as ob')
    .innerJoin('bookings as b', 'b.id', 'ob.booking_id')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .select(['ob.order_id', 'b.id as booking_id', 'b.starts_at', 'b.ends_at', 'f.name as facility_name', 'f.timezone'])
    .where('ob.order_id', 'in', orderIds)
    .orderBy('b.starts_at')
    .orderBy('b.id')
    .execute();
}

/** Desk money handed back in [from, to), with how the order it refunds was paid (refunds_handed_back_at_idx). */
export interface HandBackRow {
  refund_id: string;
  handed_back_at: Date;
  amount_cents: number;
  order_provider: string;
  order_payment_method: DeskPaymentMethod | null;
  user_id: string;
  user_name: string;
  handed_back_by: string;
  handed_back_by_name: string;
}

export function handedBackBetween(db: Executor, from: Date, to: Date): Promise<HandBackRow[]> {
  return db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('users as s', 's.id', 'r.handed_back_by')
    .select([
      'r.id as refund_id', 'r.amount_cents', 'o.provider as order_provider', 'o.payment_method as order_payment_method',
      'u.id as user_id', 'u.name as user_name', 's.id as handed_back_by', 's.name as handed_back_by_name',
    ])
    .select(sql<Date>`r.handed_back_at`.as('handed_back_at'))
    .where('r.handed_back_at', '>=', from)
    .where('r.handed_back_at', '<', to)
    .orderBy('r.handed_back_at')
    .orderBy('r.id')
    .execute();
}

/** A day's close, with the name of whoever closed it. */
export type CashUpCloseRow = Selectable<CashUpsTable> & { closed_by_name: string };

export async function findCashUp(db: Executor, businessDate: string): Promise<CashUpCloseRow | undefined> {
  const row = await db
    .selectFrom('cash_ups as c')
    .innerJoin('users as u', 'u.id', 'c.closed_by')
    .select([
      'c.id', 'c.closed_by', 'u.name as closed_by_name', 'c.closed_at', 'c.cash_cents', 'c.card_cents', 'c.not_recorded_cents',
      'c.refunds_cash_cents', 'c.refunds_card_cents', 'c.expected_cash_cents', 'c.counted_cash_cents', 'c.note',
    ])
    // As text: a date column must not pass through a JavaScript Date (and the server's zone) on its way out.
    .select(sql<string>`c.business_date::text`.as('business_date'))
    .select(sql<string[]>`array_to_json(c.order_ids)`.as('order_ids'))
    .select(sql<string[]>`array_to_json(c.refund_ids)`.as('refund_ids'))
    .where('c.business_date', '=', sql<string>`${businessDate}::date`)
    .executeTakeFirst();
  return row;
}

/** Records a day's close; a second close of the same date fails with 23505 (cash_ups_business_date_key). */
export async function insertCashUp(db: Executor, row: Insertable<CashUpsTable>): Promise<void> {
  await db.insertInto('cash_ups').values(row).execute();
}
