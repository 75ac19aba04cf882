/**
 * The money invariant of bookings and split payment, read from the database alone (not from the
 * model), so it holds whatever the model predicts. Used by the model harness after every command.
 */
import { sql } from 'kysely';
import type { Executor } from '../../src/db/database.ts';

interface OrderMoney {
  id: string;
  kind: string;
  status: string;
  user_id: string;
  amount_cents: number;
  refunded_cents: number;
  refunds: number;
  card_refunds: number;
  kept: number;
}

/**
 * Money in equals money kept plus money refunded: for every order that took money (paid, or
 * refunded since), what it still pays for plus its refunds equals what it took, and an order
 * that took none keeps and refunds nothing; so over all orders, sum(taken) == sum(kept) +
 * sum(refunds). What an order keeps is read from what it pays for: a full order, the bookings it
 * confirmed that are still paid (at what it charged for each); a split, share or cover order,
 * the shares whose money it is, still paid or covered. Its refunds are the refunds table's rows
 * (and orders.refunded_cents agrees with them), so each refund goes back through, and to the
 * payer of, the order that took the money. Per split booking: its shares add up to its price
 * after discount, as many as the split order said, the organizer's first share being what the
 * split order charged; a paid share names its order's payer, a covered one the organizer's cover
 * order. Returns the broken promises, empty when the money is accounted for.
 */
export async function moneyProblems(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const { rows: orders } = await sql<OrderMoney>`
    SELECT o.id, o.kind, o.status, o.user_id, o.refunded_cents,
      -- Card money plus the credit it spent, less credit given back when it was cancelled unpaid (no refund row).
      (o.amount_cents + o.wallet_cents - (o.wallet_refunded_cents
        - (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r WHERE r.order_id = o.id AND r.from_wallet)))::int AS amount_cents,
      (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r WHERE r.order_id = o.id)::int AS refunds,
      (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r WHERE r.order_id = o.id AND NOT r.from_wallet)::int AS card_refunds,
      (CASE WHEN o.kind = 'full'
        THEN (SELECT coalesce(sum(coalesce(ob.amount_cents, b.payable_cents - ob.discount_cents)), 0) FROM order_bookings ob JOIN bookings b ON b.id = ob.booking_id
              WHERE ob.order_id = o.id AND ob.paid_at IS NOT NULL AND b.payment_status = 'paid')
        ELSE (SELECT coalesce(sum(s.amount_cents), 0) FROM booking_shares s WHERE s.order_id = o.id AND s.status IN ('paid', 'covered'))
      END)::int AS kept
    FROM orders o
    -- Credit bought is kept as credit: the wallets' own invariant below accounts for it.
    WHERE o.kind NOT IN ('top_up', 'voucher')`.execute(db);
  let taken = 0;
  let kept = 0;
  let refunded = 0;
  for (const o of orders) {
    const took = o.status === 'paid' || o.status === 'refunded' ? o.amount_cents : 0;
    taken += took;
    kept += o.kept;
    refunded += o.refunds;
    const what = `${o.kind} order ${o.id.slice(0, 8)} (${o.status})`;
    if (o.kept + o.refunds !== took) problems.push(`${what} took ${took}c but keeps ${o.kept}c and refunded ${o.refunds}c`);
    if (o.refunded_cents !== o.card_refunds) problems.push(`${what} says ${o.refunded_cents}c refunded, its refunds come to ${o.card_refunds}c`);
  }
  if (taken !== kept + refunded) problems.push(`money in ${taken}c != kept ${kept}c + refunded ${refunded}c`);

  // The rest in one round trip (it runs after every command): refunds through orders that did not
  // pay for their booking, split bookings whose shares do not add up, shares naming the wrong payer.
  const { rows: broken } = await sql<{ problem: string }>`
    SELECT 'refund ' || left(r.id::text, 8) || ' goes back through an order that did not pay for its booking' AS problem
    FROM refunds r
    WHERE r.booking_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_bookings ob WHERE ob.order_id = r.order_id AND ob.booking_id = r.booking_id)
    UNION ALL
    SELECT 'split booking ' || left(x.id::text, 8) || ': ' || x.split_orders || ' paid split order(s); ' || x.shares || ' shares of ' || coalesce(x.shares_wanted::text, '?')
      || ' adding up to ' || x.total || 'c for a price after discount of ' || x.price || 'c; the organizer''s share ' || coalesce(x.first::text, '?')
      || 'c, their split order charged ' || coalesce(x.organizer_charge::text, '?') || 'c'
    FROM (
      SELECT b.id, (b.payable_cents - coalesce(max(ob.discount_cents), 0))::int AS price, count(ob.order_id)::int AS split_orders,
        max(ob.shares)::int AS shares_wanted, max(ob.amount_cents)::int AS organizer_charge,
        (SELECT count(*) FROM booking_shares s WHERE s.booking_id = b.id)::int AS shares,
        (SELECT coalesce(sum(s.amount_cents), 0) FROM booking_shares s WHERE s.booking_id = b.id)::int AS total,
        (SELECT s.amount_cents FROM booking_shares s WHERE s.booking_id = b.id AND s.seq = 0) AS first
      FROM bookings b
      LEFT JOIN order_bookings ob ON ob.booking_id = b.id AND ob.paid_at IS NOT NULL AND ob.order_id IN (SELECT id FROM orders WHERE kind = 'split')
      WHERE EXISTS (SELECT 1 FROM booking_shares s WHERE s.booking_id = b.id)
      GROUP BY b.id, b.payable_cents
    ) x
    WHERE x.split_orders <> 1 OR x.total <> x.price OR x.shares IS DISTINCT FROM x.shares_wanted OR x.first IS DISTINCT FROM x.organizer_charge
    UNION ALL
    SELECT s.status || ' share ' || left(s.id::text, 8) || ' does not name the order and payer whose money it is'
    FROM booking_shares s JOIN orders o ON o.id = s.order_id JOIN bookings b ON b.id = s.booking_id
    WHERE (s.status = 'paid' AND (s.paid_by IS DISTINCT FROM o.user_id OR o.kind NOT IN ('split', 'share') OR (o.kind = 'share' AND o.share_id IS DISTINCT FROM s.id)))
       OR (s.status = 'covered' AND (o.kind <> 'cover' OR o.user_id <> b.user_id))`.execute(db);
  problems.push(...broken.map((r) => r.problem));
  problems.push(...(await walletProblems(db)));
  return problems;
}

/**
 * Every customer's wallet: its balance is its ledger's sum, and the ledger equals money in (top-ups,
 * bonus, vouchers, adjustments) minus money spent (what orders took as credit) plus money returned
 * (credit of orders given back, card refunds sent to the wallet) minus bonus expired; each spend
 * and each return is its order's or refund's, once.
 */
async function walletProblems(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ problem: string }>`
    WITH per_user AS (
      SELECT u.id,
        coalesce((SELECT balance_cents FROM wallets w WHERE w.user_id = u.id), 0) AS balance,
        (SELECT coalesce(sum(amount_cents), 0) FROM wallet_entries e WHERE e.user_id = u.id)::int AS ledger,
        (SELECT coalesce(sum(amount_cents), 0) FROM wallet_entries e WHERE e.user_id = u.id AND e.kind IN ('top_up', 'bonus', 'voucher', 'adjustment', 'expiry'))::int AS money_in,
        (SELECT coalesce(sum(wallet_cents), 0) FROM orders o WHERE o.user_id = u.id)::int AS spent,
        ((SELECT coalesce(sum(wallet_refunded_cents), 0) FROM orders o WHERE o.user_id = u.id)
          + (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.user_id = u.id AND r.to_wallet AND NOT r.from_wallet))::int AS returned,
        (SELECT coalesce(-sum(amount_cents), 0) FROM wallet_entries e WHERE e.user_id = u.id AND e.kind = 'spend')::int AS spend_entries,
        (SELECT coalesce(sum(amount_cents), 0) FROM wallet_entries e WHERE e.user_id = u.id AND e.kind = 'refund')::int AS refund_entries
      FROM users u
    )
    SELECT 'wallet of ' || left(id::text, 8) || ': balance ' || balance || 'c, ledger ' || ledger || 'c, in ' || money_in || 'c - spent ' || spent
      || 'c (entries ' || spend_entries || 'c) + returned ' || returned || 'c (entries ' || refund_entries || 'c)' AS problem
    FROM per_user
    WHERE balance <> ledger OR ledger <> money_in - spent + returned OR spent <> spend_entries OR returned <> refund_entries`.execute(db);
  return rows.map((r) => r.problem);
}
