import type { CheckoutDto, CreditPackDto, RedeemBody, VoucherPurchaseBody, WalletDto, WalletEntryDto } from '@courtside/contracts';
import { customerReason, failureCode } from '@courtside/browser';
import { WALLET_ENTRY_LABELS, centsToDollars, displayInstantDate, dollarsToCents, isVoucherCodeShape, normalizeVoucherCode } from '@courtside/domain';
import { api, ApiError } from '../../lib/api.ts';

/**
 * The customer's wallet page: the balance, bonus credit that runs out, the ledger, and the three
 * ways credit comes in (a pack bought on the hosted page, a gift voucher redeemed, and a gift
 * voucher bought for someone). Amounts are the server's; nothing here adds money up.
 */

export async function fetchWallet(signal?: AbortSignal): Promise<WalletDto> {
  return (await api<WalletDto>('/api/wallet', { signal })).data;
}

/** The packs on sale, cheapest first (the server's order). */
export async function fetchCreditPacks(signal?: AbortSignal): Promise<CreditPackDto[]> {
  return (await api<CreditPackDto[]>('/api/credit-packs', { signal })).data ?? [];
}

/** Where to pay: the hosted page the server opened for a pack or a gift voucher. */
function paymentPage(res: { data: Pick<CheckoutDto, 'payment_url'> | null }): string {
  if (!res.data?.payment_url) throw new ApiError(500, 'INTERNAL', 'The payment page could not be opened. Please try again.');
  return res.data.payment_url;
}

export async function startTopUp(packId: string): Promise<string> {
  return paymentPage(await api<{ orderId: string; payment_url: string }>('/api/wallet/top-up', { method: 'POST', body: { packId } }));
}

export async function startVoucherPurchase(body: VoucherPurchaseBody): Promise<string> {
  return paymentPage(await api<{ orderId: string; payment_url: string }>('/api/vouchers/purchase', { method: 'POST', body }));
}

export async function redeemVoucher(code: string): Promise<{ credited: number; balance: number }> {
  const body: RedeemBody = { code: normalizeVoucherCode(code) };
  return (await api<{ credited: number; balance: number }>('/api/wallet/redeem', { method: 'POST', body })).data;
}

/** "Pay $100.00, get $110.00" (or "$50.00 of credit" when a pack gives no bonus). */
export function packHeadline(p: Pick<CreditPackDto, 'price' | 'credit'>, money: (n: number) => string): string {
  return p.credit > p.price ? `Pay ${money(p.price)}, get ${money(p.credit)}` : `${money(p.credit)} of credit`;
}

/** What the bonus is and how long it lasts; null without a bonus. */
export function packBonusText(p: Pick<CreditPackDto, 'bonus' | 'bonusExpiresDays'>, money: (n: number) => string): string | null {
  if (p.bonus <= 0) return null;
  if (p.bonusExpiresDays === null) return `${money(p.bonus)} bonus credit that never expires`;
  const days = p.bonusExpiresDays;
  return `${money(p.bonus)} bonus credit, to spend within ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "$10.00 of bonus credit expires on 12 March 2027", each on the venue's calendar. */
export function expiringLines(expiring: WalletDto['expiring'], money: (n: number) => string, timeZone: string, locale: string): string[] {
  return expiring.map((e) => `${money(e.amount)} of bonus credit expires on ${displayInstantDate(e.expiresAt, timeZone, locale, 'long')}`);
}

/** One ledger line as the customer reads it. */
export interface LedgerLine {
  id: string;
  date: string;
  what: string;
  reason: string;
  amount: string;
  tone: 'in' | 'out';
}

/** "+$110.00" / "−$40.00": the sign always shown (a real minus sign, as checkout writes it). */
export const signedAmount = (amount: number, money: (n: number) => string): string => (amount < 0 ? `−${money(-amount)}` : `+${money(amount)}`);

export function ledgerLines(entries: WalletEntryDto[], money: (n: number) => string, timeZone: string, locale: string): LedgerLine[] {
  return entries.map((e) => ({
    id: e.id,
    date: displayInstantDate(e.createdAt, timeZone, locale, 'medium'),
    what: WALLET_ENTRY_LABELS[e.kind],
    reason: e.reason,
    amount: signedAmount(e.amount, money),
    tone: e.amount < 0 ? 'out' : 'in',
  }));
}

/** What redeeming said: the credit added and the balance now. */
export const redeemedText = (r: { credited: number; balance: number }, money: (n: number) => string): string =>
  `${money(r.credited)} added to your credit. Your balance is now ${money(r.balance)}.`;

/** Checked before asking the server: a code that cannot be one is named as such at once. */
export function codeProblem(code: string): string | null {
  if (!code.trim()) return 'Enter the code from your gift voucher.';
  return isVoucherCodeShape(code) ? null : 'A gift voucher code has 16 letters and digits, like ABCD-EFGH-JKLM-NPQR. Check it and try again.';
}

const REDEEM_REFUSALS: Partial<Record<string, string>> = {
  VOUCHER_INVALID: 'That code is not a gift voucher of ours. Check it and try again.',
  NOT_FOUND: 'That code is not a gift voucher of ours. Check it and try again.',
  VOUCHER_REDEEMED: 'This gift voucher has already been used.',
  VOUCHER_EXPIRED: 'This gift voucher has expired, so it can no longer be used.',
};

export const REDEEM_FAILED = 'The voucher could not be redeemed just now. Please try again.';

/** Why a voucher was not redeemed, in plain words; too many tries keep the server's words (they say how long to wait). */
export function redeemFailure(err: unknown): string {
  const code = failureCode(err) ?? '';
  return REDEEM_REFUSALS[code] ?? (code === 'TOO_MANY_REQUESTS' ? (customerReason(err) ?? 'Too many tries. Please wait a minute and try again.') : (customerReason(err) ?? REDEEM_FAILED));
}

/** The gift voucher form's problems by field, checked against the venue's limits when the page knows them. */
export function giftProblems(input: { amount: string; email: string }, limits?: { min: number; max: number }, money: (n: number) => string = String): { amount?: string; email?: string } {
  const problems: { amount?: string; email?: string } = {};
  const amount = Number(input.amount.trim());
  if (!input.amount.trim() || !Number.isFinite(amount) || amount <= 0) problems.amount = 'Enter the amount of the voucher.';
  else if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) problems.amount = 'Enter the amount in whole cents (e.g. 25 or 25.50).';
  else if (limits && (amount < limits.min || amount > limits.max)) problems.amount = `A gift voucher is from ${money(limits.min)} to ${money(limits.max)}.`;
  const email = input.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.email = 'Enter a valid email address, or leave it empty to get the code yourself.';
  return problems;
}

/** The body a valid gift form sends (amount in dollars, to the cent). */
export function giftBody(input: { amount: string; email: string }): VoucherPurchaseBody {
  const body: VoucherPurchaseBody = { amount: centsToDollars(dollarsToCents(Number(input.amount.trim()), 'amount')) };
  if (input.email.trim()) body.recipientEmail = input.email.trim();
  return body;
}

/** Why the hosted page could not be opened: the server's reason when it gave one (a pack withdrawn, say). */
export const startFailure = (err: unknown): string => customerReason(err) ?? 'The payment page could not be opened. Please try again.';
