import HandedBackIcon from '@mui/icons-material/PaymentsOutlined';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, money } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';

/** Desk money waiting to go back: after a confirmation, records that the signed-in staff member handed it back now. */
export const HandedBackButton = ({ refundId, amount, customer, onDone }: { refundId: string; amount: number; customer: string; onDone?: () => void }) => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCan('desk-refunds', 'edit');
  if (!allowed) return null;
  return (
    <ConfirmButton
      label="Refunded at the desk"
      icon={<HandedBackIcon />}
      variant="outlined"
      title={`Hand ${money(amount)} back to ${customer}?`}
      content="Record this once you have given the money back at the desk. It is recorded with your name and the time, and the customer gets a receipt by email."
      run={async () => {
        try {
          await dataProvider.refundHandedBack(refundId);
          notify('Refund recorded as handed back.', { type: 'success' });
          onDone?.();
          refresh();
        } catch (error) {
          notify(failure('Could not record the refund', error), { type: 'error' });
        }
      }}
    />
  );
};
