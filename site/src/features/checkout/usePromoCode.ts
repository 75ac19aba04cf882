import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BookingDto, PromoQuoteDto } from '@courtside/contracts';
import { bookingsKey, checkPromoCode, promoFailure } from './checkout.ts';

/**
 * The promo code of a checkout: typed, applied (the server says what it takes off these
 * bookings), or refused with the server's reason. When the bookings on screen change (a hold
 * lapsed, the list was read again) an applied code is checked again for what is left.
 */
export function usePromoCode(items: BookingDto[], refresh: () => Promise<void>) {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState<{ quote: PromoQuoteDto; key: string } | null>(null);
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const key = bookingsKey(items);
  // The newest check wins: an answer about an older list or code is dropped.
  const latest = useRef(0);

  async function check(code: string, list: BookingDto[], listKey: string) {
    const ticket = ++latest.current;
    setChecking(true);
    setError('');
    try {
      const quote = await checkPromoCode(code, list);
      if (ticket === latest.current) setApplied({ quote, key: listKey });
    } catch (err) {
      if (ticket !== latest.current) return;
      const { message, reload } = promoFailure(err, list);
      setApplied(null);
      setError(message);
      if (reload) void refresh();
    } finally {
      if (ticket === latest.current) setChecking(false);
    }
  }

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!text.trim() || checking || items.length === 0) return;
    void check(text, items, key);
  }

  function remove() {
    latest.current++;
    setApplied(null);
    setError('');
    setText('');
    setChecking(false);
  }

  /** The order was refused because of the code (used up meanwhile, say): it comes off, with why. */
  function refused(message: string) {
    latest.current++;
    setApplied(null);
    setError(message);
  }

  useEffect(() => {
    if (!applied || applied.key === key) return;
    if (items.length === 0) setApplied(null);
    else void check(applied.quote.promoCode, items, key);
    // Only a change of the bookings asks again.
  }, [key]);

  const quote = applied?.key === key ? applied.quote : null;
  return { text, setText, quote, error, checking, apply, remove, refused };
}

export type PromoCodeState = ReturnType<typeof usePromoCode>;
