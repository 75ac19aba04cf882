import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, shortDate } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { removable, whatText, whenText } from './waitlist-text.ts';
import type { WaitlistRecord } from './types.ts';

/**
 * Takes a waiting or offered entry out of the line (DELETE /api/admin/waitlist/:id), after a
 * question naming the customer. An open offer's hold is cancelled and passes to the next in line.
 */
export const RemoveFromWaitlistButton = () => {
  const record = useRecordContext<WaitlistRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCan('waitlist', 'delete');
  if (!allowed || !record || !removable(record)) return null;
  const what = `${whatText(record)}, ${shortDate(record.date)}, ${whenText(record)}`;
  return (
    <ConfirmButton
      label="Remove"
      icon={<RemoveIcon />}
      color="warning"
      confirmColor="warning"
      title={`Remove ${record.customer.name} from the waitlist?`}
      content={
        record.status === 'offered'
          ? `${record.customer.name} holds an offer for ${what}. Removing them withdraws it: the held booking is cancelled and offered to the next in line.`
          : `${record.customer.name} stops waiting for ${what}; whoever is behind them moves up.`
      }
      confirmLabel="Remove from waitlist"
      run={async () => {
        try {
          await dataProvider.delete('waitlist', { id: record.id, previousData: record });
          notify(`${record.customer.name} was removed from the waitlist`, { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Could not remove the entry', error), { type: 'error' });
        }
      }}
    />
  );
};
