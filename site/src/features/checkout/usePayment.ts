import { useState, type FormEvent } from 'react';
import type { BookingDto } from '@courtside/contracts';
import { showToast } from '../../lib/toast.ts';
import { createOrder, paymentFailure, totalOf } from './checkout.ts';

/**
 * Paying for the listed holds: open an order and go to the provider's page, or say why not
 * (reading the bookings again when they changed meanwhile).
 */
export function usePayment(items: BookingDto[], refresh: () => Promise<void>) {
  const [failure, setFailure] = useState('');
  const [paying, setPaying] = useState(false);

  async function pay(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure('');
    if (totalOf(items) <= 0) return;
    setPaying(true);
    try {
      window.location.assign(await createOrder(items));
    } catch (err) {
      const { message, reload } = paymentFailure(err, items);
      setFailure(message);
      showToast(message, 'error');
      setPaying(false);
      if (reload) void refresh();
    }
  }

  return { failure, paying, pay };
}
