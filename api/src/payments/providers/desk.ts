import type { Checkout, PaymentProvider, RefundRequest } from './provider.ts';

/**
 * Money taken at the front desk (cash or the venue's card terminal). It opens no hosted page:
 * staff record the payment themselves. Money goes back the same way, by hand at the desk, so a
 * refund is recorded as done at once; the back office tells staff to hand it back.
 */
export class DeskProvider implements PaymentProvider {
  readonly name = 'desk';

  createCheckout(): Promise<Checkout> {
    return Promise.reject(new Error('The desk opens no payment page: staff record desk payments themselves.'));
  }

  async refund(req: RefundRequest) {
    return { refundRef: `desk-${req.refundId}` };
  }
}
