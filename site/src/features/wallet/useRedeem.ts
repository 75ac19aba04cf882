import { useState, type FormEvent } from 'react';
import { formatMoney } from '@courtside/browser';
import { showToast } from '../../lib/toast.ts';
import { codeProblem, redeemFailure, redeemVoucher, redeemedText } from './wallet.ts';

/** Redeeming a gift voucher: the code typed, checked for its shape, then the server's answer in plain words. */
export function useRedeem(onRedeemed: () => void) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone('');
    const problem = codeProblem(code);
    setError(problem ?? '');
    if (problem || busy) return;
    setBusy(true);
    try {
      const text = redeemedText(await redeemVoucher(code), formatMoney);
      setDone(text);
      setCode('');
      showToast(text, 'success');
      onRedeemed();
    } catch (err) {
      setError(redeemFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return { code, setCode, error, done, busy, submit };
}
