import { WALLET_ENTRY_LABELS, type WalletEntryKind } from '@courtside/domain';
import type { DeskTopUpBody, WalletAdjustBody } from '@courtside/contracts';

/** The wallet panel's rules: what the two dialogs send, and how an entry reads. */

export type DeskPaymentChoice = 'cash' | 'card';

/** The desk top-up dialog: a pack on sale, or an amount typed in dollars. */
export interface DeskTopUpForm {
  packId: string;
  amount: string;
  paymentMethod: DeskPaymentChoice;
}

const isAmount = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim());

/** The body to send, or why not yet (a pack or an amount, never both). */
export function deskTopUpBody(f: DeskTopUpForm): { body: DeskTopUpBody } | { problem: string } {
  const amount = f.amount.trim();
  if (f.packId && amount) return { problem: 'Choose a pack or type an amount, not both' };
  if (f.packId) return { body: { packId: f.packId, paymentMethod: f.paymentMethod } };
  if (!amount) return { problem: 'Choose a pack or type an amount' };
  if (!isAmount(amount) || Number(amount) <= 0) return { problem: 'The amount is a sum of money above zero, e.g. 50 or 12.50' };
  return { body: { amount: Number(amount), paymentMethod: f.paymentMethod } };
}

/** The adjust dialog: a signed amount ("+20", "-7.25") and the reason the customer reads. */
export interface AdjustForm {
  amount: string;
  reason: string;
}

export function adjustBody(f: AdjustForm): { body: WalletAdjustBody } | { problem: string } {
  const text = f.amount.trim().replace(/^\+/, '');
  const negative = text.startsWith('-') || text.startsWith('−');
  const magnitude = negative ? text.slice(1).trim() : text;
  if (!isAmount(magnitude) || Number(magnitude) === 0) return { problem: 'The amount is a sum of money, not zero: 20 adds, -20 takes away' };
  if (!f.reason.trim()) return { problem: 'Say why: the customer reads it in their wallet' };
  return { body: { amount: (negative ? -1 : 1) * Number(magnitude), reason: f.reason.trim() } };
}

/** An entry's kind as every wallet list says it. */
export const entryLabel = (kind: WalletEntryKind) => WALLET_ENTRY_LABELS[kind];

/** "+$10.00" / "−$7.25": the sign always shown, so money in and out read apart. */
export const signedMoney = (amount: number, money: (n: number) => string) => `${amount < 0 ? '−' : '+'}${money(Math.abs(amount))}`;
