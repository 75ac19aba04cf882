import type { BookingDto } from '@courtside/contracts';
import { displayDate, displayTimeRange, escapeHtml as escape, formatAmount, type MoneyFormat } from '@courtside/domain';

/** The sandbox's hosted payment page: the amount, what it pays for, Pay and Cancel; amounts, dates and times in the venue's currency and locale. */
export function renderPayPage(
  order: {
    id: string;
    status: string;
    open: boolean;
    closed: { message: string } | null;
    amount: number;
    /** What the page charges for each booking (its price, or a share of it, said in `note`). */
    lines: { booking: BookingDto; amount: number; note: string | null }[];
    /** An order without bookings (credit, a gift voucher): what it buys. */
    purchase: { description: string; amount: number } | null;
    /** `amount` null: a split's shares are after the code already. */
    discount?: { code: string; amount: number | null };
    /** What paying agrees to (a split: unpaid shares charged to this payer at the due time). */
    agreement: string | null;
    /** Paid with the customer's wallet credit already: it comes off the total. */
    credit?: number;
  },
  signature: string,
  format: MoneyFormat,
): string {
  const money = (amount: number) => escape(formatAmount(amount, format));
  const rows = order.lines
    .map(({ booking: b, amount, note }) => `<tr><td>${escape(b.facility.name)}${note ? `<br><small>${escape(note)}</small>` : ''}</td><td>${displayDate(b.date, format.locale)}</td><td>${displayTimeRange(b.startTime, b.endTime, format.locale)}</td><td class="num">${money(amount)}</td></tr>`)
    .join('');
  const purchase = order.purchase ? `<tr><td colspan="3">${escape(order.purchase.description)}</td><td class="num">${money(order.purchase.amount)}</td></tr>` : '';
  // The lines show each booking's price; a promo code's discount comes off the total (a split's shares are after it).
  const discount = !order.discount
    ? ''
    : order.discount.amount === null
      ? `<tr><td colspan="4">Promo code ${escape(order.discount.code)} applied before splitting</td></tr>`
      : `<tr><td colspan="3">Promo code ${escape(order.discount.code)}</td><td class="num">−${money(order.discount.amount)}</td></tr>`;
  const credit = order.credit ? `<tr><td colspan="3">Paid with your credit</td><td class="num">−${money(order.credit)}</td></tr>` : '';
  const agreement = order.agreement && order.open ? `<p class="agreement"><strong>Split payment.</strong> ${escape(order.agreement)} Paying here records your agreement (the sandbox keeps no card).</p>` : '';
  const state = order.status === 'pending' ? 'expired: nothing was charged' : order.status;
  const actions = order.open
    ? `<form method="post" action="/pay/${order.id}/confirm"><input type="hidden" name="signature" value="${signature}"><button class="pay" type="submit">Pay ${money(order.amount)}</button></form>
       <form method="post" action="/pay/${order.id}/cancel"><input type="hidden" name="signature" value="${signature}"><button class="cancel" type="submit">Cancel</button></form>`
    : `<p class="state">${order.closed ? `<strong>This page no longer takes payment.</strong> ${escape(order.closed.message)}` : `This payment is <strong>${escape(state)}</strong>.`}</p><p><a href="/dashboard/userBookings">Go to My Bookings</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${money(order.amount)} · Courtside sandbox payments</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;background:#f3f5f9;margin:0;color:#1b2430}
main{max-width:520px;margin:48px auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 4px}.note{color:#5a6578;font-size:.9rem;margin:0 0 24px}
table{width:100%;border-collapse:collapse;margin-bottom:24px}td,th{padding:8px 4px;border-bottom:1px solid #e6e9ef;text-align:left}.num{text-align:right}
.total{font-size:1.2rem;font-weight:700;text-align:right;margin-bottom:24px}
form{display:inline}button{font-size:1rem;padding:12px 20px;border-radius:8px;border:0;cursor:pointer;margin-right:8px}
.agreement{background:#f3f5f9;border-radius:8px;padding:12px;font-size:.95rem}
.pay{background:#1d6f42;color:#fff}.cancel{background:#e6e9ef;color:#1b2430}
</style></head>
<body><main>
<h1>Courtside payment</h1>
<p class="note">Sandbox payment page: no real money moves.</p>
<table><thead><tr>${order.purchase ? '<th colspan="3">Item</th>' : '<th>Facility</th><th>Date</th><th>Time</th>'}<th class="num">Amount</th></tr></thead><tbody>${rows}${purchase}${discount}${credit}</tbody></table>
<p class="total">Total ${money(order.amount)}</p>
${agreement}
${actions}
</main></body></html>`;
}
