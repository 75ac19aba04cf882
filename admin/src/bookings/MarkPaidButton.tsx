import PaidIcon from '@mui/icons-material/PointOfSaleOutlined';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { DEFAULT_DESK_PAYMENT_METHOD, DESK_PAYMENT_METHOD_LABELS, type DeskPaymentMethod } from '@courtside/domain';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, money } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { PaymentMethodChoice } from '../common/PaymentMethodChoice.tsx';

/** What the button needs of a booking: the day view's blocks and the booking records both have it. */
export interface Payable {
  id: string;
  status: string;
  paymentStatus: string;
  payableAmount: number;
  customerName: string;
}

/** Only a confirmed booking still owing its amount ("Pay later") can be marked paid. */
export const owesPayment = (b: Pick<Payable, 'status' | 'paymentStatus'>) => b.status === 'confirmed' && b.paymentStatus === 'unpaid';

/**
 * Records money taken at the desk (cash or card terminal) for a confirmed, unpaid booking: a
 * desk payment by the signed-in staff member, shown in Payments and revenue.
 */
export const MarkPaidButton = ({ booking, variant = 'text', onDone }: { booking: Payable; variant?: 'text' | 'outlined' | 'contained'; onDone?: () => void }) => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCan('bookings', 'mark-paid');
  const [method, setMethod] = useState<DeskPaymentMethod>(DEFAULT_DESK_PAYMENT_METHOD);
  if (!allowed || !owesPayment(booking)) return null;
  return (
    <ConfirmButton
      label="Mark paid"
      icon={<PaidIcon />}
      variant={variant}
      title={`Mark ${money(booking.payableAmount)} as paid?`}
      content={
        <>
          <p>{`Record that ${booking.customerName} paid ${money(booking.payableAmount)} at the desk. It shows in Payments and the day's cash-up as taken by you.`}</p>
          <PaymentMethodChoice value={method} onChange={setMethod} />
        </>
      }
      confirmLabel="Mark paid"
      run={async () => {
        try {
          await dataProvider.markPaid(booking.id, method);
          notify(`Marked paid at the desk (${DESK_PAYMENT_METHOD_LABELS[method].toLowerCase()})`, { type: 'success' });
          refresh();
          onDone?.();
        } catch (error) {
          notify(failure('Failed to mark the booking paid', error), { type: 'error' });
        }
      }}
    />
  );
};
