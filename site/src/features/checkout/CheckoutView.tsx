import { useState } from 'react';
import type { UserDto } from '@courtside/contracts';
import { formatMoney } from '@courtside/browser';
import { cancellationTermsOf } from '../../lib/policy.ts';
import { DashboardFrame } from '../../ui/DashboardFrame.tsx';
import { LoadFailed, Loading } from '../../ui/LoadStatus.tsx';
import { useUserBookings } from '../../ui/useUserBookings.ts';
import { creditSplit, maySplit, payLabel, payableBookings, splitLines, splitNow, totalOf } from './checkout.ts';
import { CreditChoice } from './CreditChoice.tsx';
import { useWallet } from '../wallet/useWallet.ts';
import { CheckoutLines } from './CheckoutLines.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { PromoCodeForm } from './PromoCodeForm.tsx';
import { usePayment } from './usePayment.ts';
import { usePromoCode } from './usePromoCode.ts';
import { useRemoveHold } from './useRemoveHold.ts';

/** Holds lapse while the page is open: the list is checked against the clock this often. */
const RECHECK_MS = 20_000;

function Checkout({ user, shareDueHours, minimumChargeCents }: { user: UserDto; shareDueHours?: number; minimumChargeCents?: number }) {
  const { load, refresh } = useUserBookings(user._id, { recheckMs: RECHECK_MS });
  const items = load.phase === 'ready' ? payableBookings(load.bookings, load.at) : [];
  const total = totalOf(items);
  const promo = usePromoCode(items, refresh);
  const [splitChosen, setSplitChosen] = useState(false);
  // Offered only when every booking has places for others; a list that changes keeps the choice where it still can be.
  const splittable = maySplit(items);
  const split = splittable && splitChosen;
  const shares = split ? splitLines(items, promo.quote) : null;
  // Credit: offered when the wallet holds some, chosen by default; never with split (the order refuses both).
  const wallet = useWallet();
  const balance = wallet.load.phase === 'ready' ? wallet.load.wallet.balance : 0;
  const [creditChosen, setCreditChosen] = useState(true);
  const orderTotal = promo.quote ? promo.quote.totalPayableAmount : total;
  const credit = balance > 0 && creditChosen && !split && orderTotal > 0 ? creditSplit(orderTotal, balance, minimumChargeCents) : null;
  const reload = async () => {
    await Promise.all([refresh(), wallet.refresh()]);
  };
  const { failure, paying, pay } = usePayment(items, reload, { code: promo.quote?.promoCode, refused: promo.refused }, split, credit !== null && credit.fromCredit > 0);
  const toPay = shares ? splitNow(shares) : credit ? credit.byCard : orderTotal;
  const byCreditAlone = credit !== null && credit.byCard === 0;
  const removal = useRemoveHold(refresh);

  if (load.phase === 'loading') return <Loading text="Loading your unpaid bookings…" />;
  if (load.phase === 'error') return <LoadFailed text="Error loading bookings" onRetry={() => void refresh()} />;

  const failureNote = (failure || removal.failure) && (
    <p className="alert alert-error" role="alert">
      {failure || removal.failure}
    </p>
  );

  if (!items.length)
    return (
      <div className="card dash-empty">
        {failureNote}
        <h2>Nothing to pay</h2>
        <p className="muted">You have no bookings waiting for payment. Pick a facility and a time, and your booking will appear here.</p>
        <div className="dash-actions">
          <a className="btn" href="/find">
            Find a court
          </a>
          <a className="btn btn-secondary" href="/facilities-list">
            Browse facilities
          </a>
          <a className="btn btn-secondary" href="/dashboard/userBookings">
            My bookings
          </a>
        </div>
      </div>
    );

  return (
    <div className="checkout">
      <CheckoutLines items={items} total={total} now={load.at} quote={promo.quote} splitNow={shares && splitNow(shares)} credit={credit} removal={{ ...removal, disabled: paying }}>
        <PromoCodeForm promo={promo} disabled={paying} />
      </CheckoutLines>

      <form className="card checkout-form" onSubmit={pay} noValidate aria-labelledby="payer-title">
        <div className="card-body">
          <h2 id="payer-title">Paying as</h2>
          {/* The order is the account's: its details are shown, not asked for again. */}
          <dl className="checkout-payer user-text">
            <div>
              <dt>Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
          <p className="muted checkout-note">
            Not right? <a href="/dashboard">Edit your profile</a>.
          </p>
          {balance > 0 && <CreditChoice balance={balance} chosen={creditChosen} split={split} covered={credit?.byCard === 0} disabled={paying} onChange={setCreditChosen} />}
          {splittable && <PaymentChoice items={items} split={split} lines={shares} dueHours={shareDueHours} disabled={paying} onChange={setSplitChosen} />}
          <div className="checkout-terms">
            <h3>Cancellation policy</h3>
            <p>{cancellationTermsOf(items.map((b) => ({ facilityName: b.facility.name, cancellationHours: b.cancellationHours })))}</p>
          </div>
          {failureNote}
          <button type="submit" className="btn checkout-pay" disabled={total <= 0 || paying || promo.checking} aria-busy={paying}>
            {paying ? (byCreditAlone ? 'Paying with credit…' : 'Opening the payment page…') : payLabel(toPay, formatMoney, credit?.fromCredit)}
          </button>
          <p className="muted checkout-note">
            {byCreditAlone ? 'Your credit pays for these bookings: they are confirmed at once.' : "You will be taken to our payment provider's secure page to complete the payment."}
          </p>
        </div>
      </form>
    </div>
  );
}

/**
 * The cancellation terms it states are each held booking's own, as the server sends them on the
 * booking; the split's due rule is the server's SHARE_DUE_HOURS (GET /api/settings, read by the page);
 * `minimumChargeCents`, the card's smallest charge when the page knows it, shapes the credit split as the order does.
 */
export default function CheckoutView({ shareDueHours, minimumChargeCents }: { shareDueHours?: number; minimumChargeCents?: number }) {
  return (
    <DashboardFrame title="Payment" lead="Pay for your held bookings to confirm them.">
      {(user) => <Checkout key={user._id} user={user} shareDueHours={shareDueHours} minimumChargeCents={minimumChargeCents} />}
    </DashboardFrame>
  );
}
