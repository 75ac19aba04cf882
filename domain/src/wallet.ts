import { DomainError } from './errors.ts';

/**
 * The wallet: credit a customer holds at the venue, as an append-only ledger in integer cents.
 * The balance is the ledger's sum and never goes below zero (PostgreSQL refuses it:
 * wallets_never_negative). These are the rules every page, email and the server share.
 */

/**
 * What an entry records: money paid in (`top_up`), a pack's extra credit (`bonus`), credit spent on
 * an order (`spend`), credit coming back (`refund`: a cancelled booking's, or an order's reserved
 * part when it lapsed), a gift voucher redeemed (`voucher`), a correction by staff
 * (`adjustment`), bonus credit that ran out (`expiry`).
 */
export const WALLET_ENTRY_KINDS = ['top_up', 'bonus', 'spend', 'refund', 'voucher', 'adjustment', 'expiry'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** How each kind reads in a list (the customer's wallet, the back office). */
export const WALLET_ENTRY_LABELS: Record<WalletEntryKind, string> = {
  top_up: 'Top-up',
  bonus: 'Bonus credit',
  spend: 'Spent',
  refund: 'Returned',
  voucher: 'Gift voucher',
  adjustment: 'Adjustment',
  expiry: 'Bonus expired',
};

/** The sign each kind's amount must have (an adjustment may go either way; an expiry of nothing left is 0). */
export function entrySignAllowed(kind: WalletEntryKind, amountCents: number): boolean {
  if (!Number.isInteger(amountCents)) return false;
  switch (kind) {
    case 'spend':
      return amountCents < 0;
    case 'expiry':
      return amountCents <= 0;
    case 'adjustment':
      return amountCents !== 0;
    default:
      return amountCents > 0;
  }
}

/** One ledger entry as the rules read it, oldest first. `expiresAt`: credit that runs out then; `expiresEntryId`: the bonus an expiry entry ends. */
export interface LedgerEntry {
  id: string;
  kind: WalletEntryKind;
  amountCents: number;
  createdAt: Date;
  expiresAt?: Date | null;
  expiresEntryId?: string | null;
}

/** Credit that runs out: what is left of one bonus, and when it goes. */
export interface ExpiringCredit {
  entryId: string;
  expiresAt: Date;
  remainingCents: number;
}

/**
 * What is left of each expiring credit after the ledger so far. Spending (and any debit) draws
 * on the credit that expires soonest first, then on credit that never expires: a customer never
 * loses bonus they could have spent. An expiry entry closes its bonus.
 */
export function expiringCredits(entries: readonly LedgerEntry[]): ExpiringCredit[] {
  const lots: ExpiringCredit[] = [];
  for (const e of entries) {
    if (e.kind === 'expiry') {
      const lot = lots.find((l) => l.entryId === e.expiresEntryId);
      if (lot) lot.remainingCents = 0;
      continue;
    }
    if (e.amountCents > 0) {
      if (e.expiresAt) lots.push({ entryId: e.id, expiresAt: e.expiresAt, remainingCents: e.amountCents });
      continue;
    }
    let owed = -e.amountCents;
    for (const lot of [...lots].sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())) {
      const used = Math.min(owed, lot.remainingCents);
      lot.remainingCents -= used;
      owed -= used;
      if (owed === 0) break;
    }
  }
  return lots.filter((l) => l.remainingCents > 0);
}

/** How much of bonus `entryId` runs out at its expiry: what is left of it (0 when spent already). */
export function expiringAmount(entries: readonly LedgerEntry[], entryId: string): number {
  return expiringCredits(entries).find((l) => l.entryId === entryId)?.remainingCents ?? 0;
}

/** Days before bonus credit runs out that its customer is told. */
export const EXPIRY_NOTICE_DAYS = 7;

/**
 * How an order's total is paid with the wallet: as much as the balance covers, the rest by card.
 * A card part the provider could not take (under its smallest charge, $0.50 on Stripe) is made up
 * to that smallest charge by spending a little less credit.
 */
export function walletSplit(totalCents: number, balanceCents: number, minimumChargeCents = 1): { walletCents: number; cardCents: number } {
  let walletCents = Math.max(0, Math.min(balanceCents, totalCents));
  const card = totalCents - walletCents;
  if (card > 0 && card < minimumChargeCents) walletCents = Math.max(0, totalCents - minimumChargeCents);
  return { walletCents, cardCents: totalCents - walletCents };
}

/** What an order took from each source, and what of each already went back. */
export interface PaidBySource {
  walletCents: number;
  cardCents: number;
  walletRefundedCents: number;
  cardRefundedCents: number;
}

/**
 * Money going back for an order paid partly from the wallet: each part to where it came from, in
 * proportion to what each paid (rounded to the wallet), never more than a source still holds.
 * `cardToWallet`: the card's part goes to the wallet instead (REFUND_TO_WALLET, a customer's cancellation).
 */
export function refundBySource(cents: number, paid: PaidBySource, cardToWallet = false): { walletCents: number; cardCents: number } {
  const walletHeld = Math.max(0, paid.walletCents - paid.walletRefundedCents);
  const cardHeld = Math.max(0, paid.cardCents - paid.cardRefundedCents);
  const total = paid.walletCents + paid.cardCents;
  const wanted = Math.min(cents, walletHeld + cardHeld);
  let walletCents = total > 0 ? Math.min(walletHeld, Math.round((wanted * paid.walletCents) / total)) : 0;
  const cardCents = Math.min(cardHeld, wanted - walletCents);
  walletCents = Math.min(walletHeld, wanted - cardCents);
  if (cardToWallet) return { walletCents: walletCents + cardCents, cardCents: 0 };
  return { walletCents, cardCents };
}

/** A credit pack as staff define it: the price paid, the credit given (the difference is bonus), and the bonus's life in days (null: it never expires). */
export interface CreditPackTerms {
  priceCents: number;
  creditCents: number;
  bonusExpiresDays: number | null;
}

/** Why a pack's terms cannot be sold, or null: the credit is at least the price, and only bonus credit can expire. */
export function packTermsProblem(p: CreditPackTerms): DomainError | null {
  if (!Number.isInteger(p.priceCents) || p.priceCents <= 0) return new DomainError('invalid', 'INVALID_PACK', 'price must be more than zero.', 'price');
  if (!Number.isInteger(p.creditCents) || p.creditCents < p.priceCents) {
    return new DomainError('invalid', 'INVALID_PACK', 'credit must be at least the price (the difference is bonus credit).', 'credit');
  }
  if (p.bonusExpiresDays !== null && p.creditCents === p.priceCents) {
    return new DomainError('invalid', 'INVALID_PACK', 'bonusExpiresDays needs bonus credit: make the credit more than the price, or leave it empty.', 'bonusExpiresDays');
  }
  return null;
}

/** The bonus a pack gives, and when it runs out for a top-up paid at `paidAt` (null: never). */
export function packBonus(p: CreditPackTerms, paidAt: Date): { bonusCents: number; expiresAt: Date | null } {
  const bonusCents = p.creditCents - p.priceCents;
  const expiresAt = bonusCents > 0 && p.bonusExpiresDays !== null ? new Date(paidAt.getTime() + p.bonusExpiresDays * 86_400_000) : null;
  return { bonusCents, expiresAt };
}

/** Gift voucher codes: 16 characters from an alphabet with no look-alikes (80 bits), written in groups of four. */
export const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 16;

/** A code as a person may type it (any case, spaces or dashes) in the one form it is stored and compared in. */
export function normalizeVoucherCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** "ABCD-EFGH-JKLM-NPQR": how a code is shown and emailed. */
export function formatVoucherCode(code: string): string {
  return normalizeVoucherCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** Whether a typed code could be a voucher code at all (checked before any lookup). */
export function isVoucherCodeShape(input: string): boolean {
  const code = normalizeVoucherCode(input);
  return code.length === VOUCHER_CODE_LENGTH && [...code].every((c) => VOUCHER_ALPHABET.includes(c));
}

/**
 * A hosted page's lines once credit paid part of the order: the credit comes off the lines in
 * order (a card page cannot show a negative line), so they add up to what the card is charged.
 * `note` says how much of a line credit paid ("$30.00 paid with credit").
 */
export function linesAfterCredit<L extends { description: string; amountCents: number }>(lines: readonly L[], walletCents: number, note: (creditCents: number) => string): L[] {
  let left = walletCents;
  const out: L[] = [];
  for (const line of lines) {
    const credit = Math.min(left, line.amountCents);
    left -= credit;
    if (line.amountCents - credit <= 0) continue;
    out.push(credit > 0 ? { ...line, description: `${line.description} (${note(credit)})`, amountCents: line.amountCents - credit } : line);
  }
  return out;
}

/** Whether a spend that took the balance from `before` to `after` crosses under the low-credit line (WALLET_LOW_BALANCE; 0: never). */
export const crossesLowBalance = (before: number, after: number, lowCents: number): boolean => lowCents > 0 && before >= lowCents && after < lowCents;
