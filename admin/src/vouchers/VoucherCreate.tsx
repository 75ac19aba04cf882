import { useState } from 'react';
import { Create, DateInput, NumberInput, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { currencySymbol } from '@courtside/browser';
import { ShownOnceDialog } from '../common/ShownOnceDialog.tsx';
import { failure, longDate, money } from '../common/format.ts';
import { viewersToday } from '../day-view/dates.ts';
import { EMPTY_VOUCHER, toVoucherBody, voucherFormErrors, type VoucherForm } from './voucher-text.ts';
import type { VoucherRecord } from './types.ts';

/** The new voucher's code, this once: the server keeps only its hash. */
const CodeDialog = ({ voucher, onClose }: { voucher: VoucherRecord; onClose: () => void }) => (
  <ShownOnceDialog
    title={`Gift voucher for ${money(voucher.value)}`}
    warning={`This code is shown only now. Copy it or write it down before you close this: the venue keeps only its last four characters (…${voucher.codeHint}).`}
    label="Voucher code"
    value={voucher.code ?? ''}
    copyLabel="Copy code"
    onClose={onClose}
  >
    {voucher.expiresAt ? `It can be redeemed until ${longDate(voucher.expiresAt)}` : 'It never expires'}: the customer types it on My Wallet, under “Redeem a gift voucher”, and its value is added to their wallet once.
  </ShownOnceDialog>
);

/** A new gift voucher: its value and, if it expires, its last day; once saved, its code is shown once. */
export const VoucherCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [made, setMade] = useState<VoucherRecord | null>(null);
  return (
    <>
      <Create
        title="New gift voucher"
        transform={(data: VoucherForm) => toVoucherBody(data)}
        mutationOptions={{
          onSuccess: (data: VoucherRecord) => setMade(data),
          onError: (error: unknown) => notify(failure('Failed to make the voucher', error), { type: 'error' }),
        }}
      >
        <SimpleForm defaultValues={EMPTY_VOUCHER} validate={(values) => voucherFormErrors(values as VoucherForm, viewersToday())} sx={{ maxWidth: 760 }}>
          <NumberInput source="value" label={`Value (${currencySymbol()})`} helperText="The credit it adds to the wallet of whoever redeems it" step={5} sx={{ maxWidth: 240 }} />
          <DateInput source="expiresAt" label="Last day" helperText="The last day it can be redeemed (the venue's calendar); empty: it never expires" />
        </SimpleForm>
      </Create>
      {made && (
        <CodeDialog
          voucher={made}
          onClose={() => {
            setMade(null);
            redirect('list', 'vouchers');
          }}
        />
      )}
    </>
  );
};
