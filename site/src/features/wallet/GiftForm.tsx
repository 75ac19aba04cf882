import { useState, type FormEvent } from 'react';
import { currencySymbol } from '@courtside/browser';
import { Field } from '../../ui/Field.tsx';
import type { useHostedPayment } from './useHostedPayment.ts';
import { giftBody, giftProblems, startVoucherPurchase } from './wallet.ts';

/** Give a gift voucher: its amount and, optionally, who gets the code (else the buyer), then the hosted payment page. */
export function GiftForm({ payment }: { payment: ReturnType<typeof useHostedPayment> }) {
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; email?: string }>({});

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problems = giftProblems({ amount, email });
    setErrors(problems);
    if (problems.amount || problems.email) {
      document.getElementById(problems.amount ? 'gift-amount' : 'gift-email')?.focus();
      return;
    }
    void payment.open('gift', () => startVoucherPurchase(giftBody({ amount, email })));
  }

  const busy = payment.opening === 'gift';
  return (
    <section className="card wallet-card" aria-labelledby="gift-heading">
      <form className="card-body" onSubmit={submit} noValidate>
        <h2 id="gift-heading">Give a gift voucher</h2>
        <p className="muted account-lead">Credit to spend on courts here. We email the code once the payment is confirmed.</p>
        <Field id="gift-amount" label={`Amount (${currencySymbol()})`} inputMode="decimal" value={amount} onInput={(e) => setAmount(e.currentTarget.value)} error={errors.amount} required autoComplete="off" />
        <Field id="gift-email" label="Recipient's email (optional)" hint="Leave it empty to get the code yourself and give it in person." type="email" value={email}
          onInput={(e) => setEmail(e.currentTarget.value)} error={errors.email} autoComplete="off" maxLength={254} />
        {payment.failure && payment.opening === null && (
          <p className="alert alert-error" role="alert">
            {payment.failure}
          </p>
        )}
        <button type="submit" className="btn" disabled={payment.opening !== null} aria-busy={busy}>
          {busy ? 'Opening the payment page…' : 'Buy the voucher'}
        </button>
      </form>
    </section>
  );
}
