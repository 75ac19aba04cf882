import { formatMoney } from '@courtside/browser';
import { CREDIT_NOT_WITH_SPLIT } from './checkout.ts';

/**
 * "Use my credit ($40.00 available)": on by default when the customer has credit. With the cost
 * split, credit is not used, and the note says why.
 */
export function CreditChoice({ balance, chosen, split, covered, disabled, onChange }: {
  balance: number;
  chosen: boolean;
  split: boolean;
  /** Credit pays everything: no card needed. */
  covered: boolean;
  disabled: boolean;
  onChange: (chosen: boolean) => void;
}) {
  return (
    <fieldset className="checkout-choice checkout-credit" disabled={disabled}>
      <legend>Your credit</legend>
      <label className="checkout-option">
        <input type="checkbox" name="useWallet" checked={chosen} onChange={(e) => onChange(e.currentTarget.checked)} aria-describedby="credit-note" />
        <span>
          <strong>Use my credit ({formatMoney(balance)} available)</strong>
          <small className="muted">{covered && chosen && !split ? 'Your credit pays for everything: no card needed.' : 'Credit pays first; any rest is paid by card.'}</small>
        </span>
      </label>
      <p id="credit-note" className="checkout-split-rule" role="status" hidden={!(chosen && split)}>
        {chosen && split ? CREDIT_NOT_WITH_SPLIT : ''}
      </p>
    </fieldset>
  );
}
