/** What checkout needs from a payment provider; the sandbox and Stripe both implement it. */
export interface CheckoutRequest {
  orderId: string;
  amountCents: number;
  customerEmail: string;
  lines: { description: string; amountCents: number }[];
}

export interface PaymentProvider {
  readonly name: string;
  /** Opens a hosted payment page for an order. */
  createCheckout(req: CheckoutRequest): Promise<{ providerRef: string; paymentUrl: string }>;
  /** Gives money back for (part of) a paid order. */
  refund(order: { id: string; providerRef: string | null }, amountCents: number): Promise<{ refundRef: string }>;
}
