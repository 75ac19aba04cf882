import CollectIcon from '@mui/icons-material/PointOfSaleOutlined';
import RefundIcon from '@mui/icons-material/UndoOutlined';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
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
  if (!allowed) return null;
  return (
    <>
      {settleChoices(booking, money).map((c) => (
        <ConfirmButton
          key={c.how}
          label={c.label}
          icon={c.how === 'desk' && booking.balance > 0 ? <CollectIcon /> : <RefundIcon />}
          variant={variant}
          title={c.title}
          content={c.content}
          confirmLabel={c.label}
          run={async () => {
            try {
              await dataProvider.settleBalance(booking.id, { how: c.how, amount: booking.balance });
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
