import type { CreditPackDto } from '@courtside/contracts';
import { formatMoney } from '@courtside/browser';
import type { useHostedPayment } from './useHostedPayment.ts';
import { packBonusText, packHeadline, startTopUp } from './wallet.ts';

/** The packs on sale as cards ("Pay $100.00, get $110.00"), each with Buy → the hosted payment page. */
export function BuyCredit({ packs, failed, payment }: { packs: CreditPackDto[] | null; failed: boolean; payment: ReturnType<typeof useHostedPayment> }) {
  return (
    <section className="card wallet-card wallet-wide" aria-labelledby="buy-heading">
      <div className="card-body">
        <h2 id="buy-heading">Buy credit</h2>
        {failed ? (
          <p className="muted">The credit packs could not be loaded. Please reload the page to try again.</p>
        ) : packs === null ? (
          <p className="muted">Loading the credit packs…</p>
        ) : packs.length === 0 ? (
          <p className="muted">No credit packs are on sale at the moment.</p>
        ) : (
          <ul className="wallet-packs">
            {packs.map((p) => {
              const bonus = packBonusText(p, formatMoney);
              return (
                <li key={p.id} className="wallet-pack">
                  <h3 className="user-text">{p.name}</h3>
                  <p className="wallet-pack-headline">{packHeadline(p, formatMoney)}</p>
                  {bonus && <p className="wallet-pack-bonus">{bonus}</p>}
                  <button type="button" className="btn" disabled={payment.opening !== null} aria-busy={payment.opening === p.id}
                    aria-label={`Buy for ${formatMoney(p.price)}: ${p.name}, ${packHeadline(p, formatMoney)}`} onClick={() => void payment.open(p.id, () => startTopUp(p.id))}>
                    {payment.opening === p.id ? 'Opening the payment page…' : `Buy for ${formatMoney(p.price)}`}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {payment.failure && payment.opening === null && (
          <p className="alert alert-error" role="alert">
            {payment.failure}
          </p>
        )}
        <p className="muted account-note">You pay on our payment provider's secure page; the credit is added as soon as the payment is confirmed.</p>
      </div>
    </section>
  );
}
