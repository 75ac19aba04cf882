import { DomainError } from '@courtside/domain';

/** What checkout needs from a payment provider; the sandbox and Stripe both implement it. */
export interface CheckoutRequest {
  orderId: string;
  amountCents: number;
  customerEmail: string;
  lines: { description: string; amountCents: number }[];
  now: Date;
  /** When the order's holds lapse; a provider whose page lives longer reports its own expiry. */
  holdExpiresAt: Date;
  /** The payer agrees to later charges (a split's organizer covering unpaid shares): the page keeps their card for off-session use. */
  saveCard?: boolean;
}

/** A charge without the customer present, on the card they left with an earlier payment (`savedBy`). */
export interface SavedCardCharge {
  /** Our order for the charge: with `idempotencyKey`, a retry after a timeout never charges twice. */
  orderId: string;
  idempotencyKey: string;
  amountCents: number;
  description: string;
  /** The paid order whose checkout saved the card. */
  savedBy: { orderId: string; providerRef: string | null; paymentRef: string | null };
}

export interface Checkout {
  providerRef: string;
  paymentUrl: string;
  /** When the hosted page stops taking money, if later than the holds: the holds are extended to it. */
  expiresAt?: Date;
}

export interface RefundRequest {
  refundId: string;
  /**
   * Our refund id (plus the number of definite refusals so far): a retry after a timeout
   * reuses it, so the provider never refunds twice.
   */
  idempotencyKey: string;
  orderId: string;
  providerRef: string | null;
  paymentRef: string | null;
  amountCents: number;
}

/**
 * The provider could not be reached (or failed on its side) while opening a checkout: no
 * hosted page exists, so nothing can have been charged and the customer may simply retry.
 */
export const providerUnreachable = () =>
  new DomainError('unavailable', 'PAYMENT_PROVIDER_UNREACHABLE', 'The payment provider could not be reached; nothing was charged. Please try again.');

/** The card was declined (or needs its holder, who is not there): the charge did not happen. */
export class ChargeDeclinedError extends Error {
  override name = 'ChargeDeclinedError';
}

/** The provider answered and said no: the same request will not succeed, a new attempt needs a new key. */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

export interface PaymentProvider {
  readonly name: string;
  /** The smallest amount its hosted page can take, in cents; absent: any amount above zero. */
  readonly minimumChargeCents?: number;
  /** Opens a hosted payment page for an order. */
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  /** Gives money back for (part of) a paid order. */
  refund(req: RefundRequest): Promise<{ refundRef: string }>;
  /** Charges a card saved by an earlier checkout (saveCard), off-session; throws ChargeDeclinedError when the card says no. */
  chargeSaved?(req: SavedCardCharge): Promise<{ paymentRef: string }>;
  /** Closes a hosted page that must no longer take money (best effort). */
  expireCheckout?(providerRef: string): Promise<void>;
}

/**
 * Every configured provider by name. New checkouts use `checkout`; an existing order is always
 * served by the provider stored on it, so money goes back the way it came even after the
 * venue switches providers.
 */
export class PaymentProviders {
  readonly #byName = new Map<string, PaymentProvider>();
  readonly checkout: PaymentProvider;

  constructor(checkout: PaymentProvider, others: PaymentProvider[] = []) {
    this.checkout = checkout;
    for (const p of [checkout, ...others]) this.#byName.set(p.name, p);
  }

  get(name: string): PaymentProvider {
    const provider = this.#byName.get(name);
    if (!provider) throw new Error(`Payment provider "${name}" is not configured on this server.`);
    return provider;
  }
}
