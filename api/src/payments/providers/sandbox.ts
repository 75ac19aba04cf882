import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider, RefundRequest, SavedCardCharge } from './provider.ts';

/**
 * The offline provider: its hosted page lives at /pay/<order> on our own server. The Pay
 * button posts a signature only the server can make, so a confirmation cannot be forged
 * for an order nobody opened the page of.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  async createCheckout(req: { orderId: string }) {
    return { providerRef: `sandbox_${req.orderId}`, paymentUrl: `/pay/${req.orderId}` };
  }

  /** No money moved, so a refund succeeds at once; its reference is the refund's own id. */
  async refund(req: RefundRequest) {
    return { refundRef: `sandbox_refund_${req.refundId}` };
  }

  /** The sandbox's page records the organizer's agreement to cover unpaid shares; the charge itself moves no money. */
  async chargeSaved(req: SavedCardCharge) {
    return { paymentRef: `sandbox_charge_${req.orderId}` };
  }

  sign(orderId: string): string {
    return createHmac('sha256', this.#secret).update(`sandbox-pay:${orderId}`).digest('hex');
  }

  verify(orderId: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(orderId), 'hex');
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
