import { formatMoney } from '@courtside/browser';
import type { PromoCodeState } from './usePromoCode.ts';

/**
 * The checkout's promo code: a labelled field with Apply (Enter applies too), the outcome read
 * out by screen readers (a polite status when applied, an alert when refused), and Remove.
 */
export function PromoCodeForm({ promo, disabled }: { promo: PromoCodeState; disabled: boolean }) {
  const { text, setText, quote, error, checking, apply, remove } = promo;
  return (
    <form className="checkout-promo" onSubmit={apply} noValidate>
      <label htmlFor="promo-code">Promo code</label>
      <div className="checkout-promo-row">
        <input
          id="promo-code"
          name="promoCode"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby="promo-outcome"
          disabled={disabled}
        />
        <button type="submit" className="btn btn-secondary" disabled={disabled || checking || !text.trim()} aria-busy={checking}>
          {checking ? 'Checking…' : 'Apply'}
        </button>
      </div>
      <div id="promo-outcome">
        <p className="checkout-promo-applied" role="status">
          {quote && (
            <>
              Promo code <strong>{quote.promoCode}</strong> applied: {formatMoney(quote.discount)} off.{' '}
              <button type="button" className="link-button" onClick={remove}>
                Remove
              </button>
            </>
          )}
        </p>
        {error && (
          <p className="alert alert-error checkout-promo-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
