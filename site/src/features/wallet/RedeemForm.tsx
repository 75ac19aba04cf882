import { useRedeem } from './useRedeem.ts';

/** Redeem a gift voucher: its code (any case, dashes or not); success says what was added and the balance now. */
export function RedeemForm({ onRedeemed }: { onRedeemed: () => void }) {
  const redeem = useRedeem(onRedeemed);
  return (
    <section className="card wallet-card" aria-labelledby="redeem-heading">
      <form className="card-body" onSubmit={(e) => void redeem.submit(e)} noValidate>
        <h2 id="redeem-heading">Redeem a gift voucher</h2>
        <div className="field">
          <label htmlFor="voucher-code">Voucher code</label>
          <input id="voucher-code" name="code" value={redeem.code} onInput={(e) => redeem.setCode(e.currentTarget.value)} placeholder="ABCD-EFGH-JKLM-NPQR"
            autoComplete="off" autoCapitalize="characters" spellcheck={false} maxLength={40} className="wallet-code"
            aria-invalid={redeem.error ? true : undefined} aria-describedby="voucher-outcome" />
        </div>
        <div id="voucher-outcome">
          {redeem.error && (
            <p className="alert alert-error" role="alert">
              {redeem.error}
            </p>
          )}
          <p className="wallet-redeemed" role="status">
            {redeem.done}
          </p>
        </div>
        <button type="submit" className="btn btn-secondary" disabled={redeem.busy} aria-busy={redeem.busy}>
          {redeem.busy ? 'Redeeming…' : 'Redeem'}
        </button>
      </form>
    </section>
  );
}
