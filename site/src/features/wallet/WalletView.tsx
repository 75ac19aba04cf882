import type { WalletDto } from '@courtside/contracts';
import { formatMoney, venueLocale } from '@courtside/browser';
import { DashboardFrame } from '../../ui/DashboardFrame.tsx';
import { LoadFailed, Loading } from '../../ui/LoadStatus.tsx';
import { BuyCredit } from './BuyCredit.tsx';
import { GiftForm } from './GiftForm.tsx';
import { RedeemForm } from './RedeemForm.tsx';
import { useHostedPayment } from './useHostedPayment.ts';
import { useCreditPacks, useWallet } from './useWallet.ts';
import { expiringLines, ledgerLines } from './wallet.ts';
import '../dashboard/account.css';
import './wallet.css';

function Balance({ wallet, timeZone }: { wallet: WalletDto; timeZone: string }) {
  const expiring = expiringLines(wallet.expiring, formatMoney, timeZone, venueLocale());
  return (
    <section className="card wallet-balance" aria-labelledby="balance-heading">
      <div className="card-body">
        <h2 id="balance-heading">Your credit</h2>
        <p className="wallet-amount" data-testid="wallet-balance">
          {formatMoney(wallet.balance)}
        </p>
        <p className="muted account-note">Spend it at checkout on any booking: choose “Use my credit”.</p>
        {expiring.length > 0 && (
          <ul className="wallet-expiring">
            {expiring.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Ledger({ wallet, timeZone }: { wallet: WalletDto; timeZone: string }) {
  const lines = ledgerLines(wallet.entries, formatMoney, timeZone, venueLocale());
  return (
    <section className="card wallet-card wallet-wide wallet-ledger" aria-labelledby="ledger-heading">
      <div className="card-body">
        <h2 id="ledger-heading">History</h2>
        {lines.length === 0 ? (
          <p className="muted">Nothing yet: credit you buy, redeem or get back from a cancellation shows here.</p>
        ) : (
          <table className="wallet-table">
            <caption className="sr-only">Your credit, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col">Details</th>
                <th scope="col" className="wallet-num">Amount</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.id}>
                  <td className="wallet-date">{l.date}</td>
                  <td className="wallet-what">{l.what}</td>
                  <td className="user-text muted">{l.reason}</td>
                  <td className={`wallet-num wallet-${l.tone}`}>{l.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

function Wallet({ timeZone }: { timeZone: string }) {
  const { load, refresh } = useWallet();
  const { packs, failed } = useCreditPacks();
  const packPayment = useHostedPayment();
  const giftPayment = useHostedPayment();
  if (load.phase === 'loading') return <Loading text="Loading your credit…" />;
  if (load.phase === 'error') return <LoadFailed text="Your credit could not be loaded." onRetry={() => void refresh()} />;
  return (
    <div className="wallet">
      <Balance wallet={load.wallet} timeZone={timeZone} />
      <BuyCredit packs={packs} failed={failed} payment={packPayment} />
      <div className="wallet-pair">
        <RedeemForm onRedeemed={() => void refresh()} />
        <GiftForm payment={giftPayment} />
      </div>
      <Ledger wallet={load.wallet} timeZone={timeZone} />
    </div>
  );
}

/** The customer's credit at the venue. `timeZone`: the venue's calendar, the one expiry dates are on. */
export default function WalletView({ timeZone }: { timeZone: string }) {
  return (
    <DashboardFrame title="My wallet" lead="Credit to spend on bookings: buy a pack, redeem a gift voucher, or give one.">
      {(user) => <Wallet key={user._id} timeZone={timeZone} />}
    </DashboardFrame>
  );
}
