import { useCallback, useEffect, useState } from 'react';
import type { CreditPackDto, WalletDto } from '@courtside/contracts';
import { isAbort } from '../../lib/api.ts';
import { fetchCreditPacks, fetchWallet } from './wallet.ts';

export type WalletLoad = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; wallet: WalletDto };

/** The signed-in customer's wallet for an island (read again after a voucher is redeemed). */
export function useWallet() {
  const [load, setLoad] = useState<WalletLoad>({ phase: 'loading' });
  const refresh = useCallback(async (signal?: AbortSignal) => {
    try {
      setLoad({ phase: 'ready', wallet: await fetchWallet(signal) });
    } catch (err) {
      if (!isAbort(err)) setLoad({ phase: 'error' });
    }
  }, []);
  useEffect(() => {
    const ctl = new AbortController();
    void refresh(ctl.signal);
    return () => ctl.abort();
  }, [refresh]);
  return { load, refresh };
}

/** The packs on sale; none when they could not be read (the rest of the page still works). */
export function useCreditPacks() {
  const [packs, setPacks] = useState<CreditPackDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    fetchCreditPacks(ctl.signal).then(setPacks, (err: unknown) => {
      if (!isAbort(err)) setFailed(true);
    });
    return () => ctl.abort();
  }, []);
  return { packs, failed };
}
