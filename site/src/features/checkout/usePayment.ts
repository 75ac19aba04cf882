import { useState, type FormEvent } from 'react';
import type { BookingDto } from '@courtside/contracts';
import { showToast } from '../../lib/toast.ts';
import { createOrder, isPromoRefusal, paymentFailure, totalOf } from './checkout.ts';

/**
 * Paying for the listed holds, with the applied promo code if any, for everyone or split (the
 * organizer's own shares now), with credit or not: open an order and go to the provider's page
 * (or, paid by credit in full, the payment return page), or say why not
 * (reading the bookings again when they changed meanwhile; taking the code off when it was the
 * code that was refused).
 */
export function usePayment(items: BookingDto[], refresh: () => Promise<void>, promo: { code: string | undefined; refused: (message: string) => void }, split = false, useWallet = false) {
  const [failure, setFailure] = useState('');
  const [paying, setPaying] = useState(false);

  async function pay(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure('');
    if (totalOf(items) <= 0) return;
    setPaying(true);
    try {
      window.location.assign(await createOrder(items, promo.code, split, useWallet));
    } catch (err) {
      const { message, reload } = paymentFailure(err, items);
      if (isPromoRefusal(err)) promo.refused(message);
      else setFailure(message);
      showToast(message, 'error');
      setPaying(false);
      if (reload) void refresh();
    }
  }

  return { failure, paying, pay };
}
