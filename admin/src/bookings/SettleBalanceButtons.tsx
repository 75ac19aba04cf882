import CollectIcon from '@mui/icons-material/PointOfSaleOutlined';
import RefundIcon from '@mui/icons-material/UndoOutlined';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { DEFAULT_DESK_PAYMENT_METHOD, type DeskPaymentMethod } from '@courtside/domain';
import { PaymentMethodChoice } from '../common/PaymentMethodChoice.tsx';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, money } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { settleChoices, type Settleable } from './balance.ts';

/**
 * The ways to settle the balance a move left on a paid booking (collect it at the desk, or give
 * it back through the provider or at the desk), each asked first; the server settles it once,
 * records it and emails the customer. Nothing shows when there is no balance.
 */
export const SettleBalanceButtons = ({ booking, variant = 'outlined', onDone }: { booking: Settleable; variant?: 'text' | 'outlined' | 'contained'; onDone?: () => void }) => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCan('bookings', 'settle-balance');
  const [method, setMethod] = useState<DeskPaymentMethod>(DEFAULT_DESK_PAYMENT_METHOD);
  const collects = booking.balance > 0;
  if (!allowed) return null;
  return (
    <>
      {settleChoices(booking, money).map((c) => (
        <ConfirmButton
          key={c.how}
          label={c.label}
          icon={c.how === 'desk' && collects ? <CollectIcon /> : <RefundIcon />}
          variant={variant}
          title={c.title}
          content={
            c.how === 'desk' && collects ? (
              <>
                <p>{c.content}</p>
                <PaymentMethodChoice value={method} onChange={setMethod} />
              </>
            ) : (
              c.content
            )
          }
          confirmLabel={c.label}
          run={async () => {
            try {
              await dataProvider.settleBalance(booking.id, { how: c.how, amount: booking.balance, ...(c.how === 'desk' && collects ? { paymentMethod: method } : {}) });
              notify(c.done, { type: 'success' });
              refresh();
              onDone?.();
            } catch (error) {
              notify(failure('The balance was not settled', error), { type: 'error' });
              refresh();
            }
          }}
        />
      ))}
    </>
  );
};
