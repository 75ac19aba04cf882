import ReopenIcon from '@mui/icons-material/LockOpenOutlined';
import { useDataProvider, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { closureWhen } from './closure-text.ts';
import type { ClosureRecord } from './types.ts';

/** Deleting a closure reopens its facilities for that time; bookings it cancelled stay cancelled. */
export const ReopenButton = ({ redirectTo, variant = 'text' }: { redirectTo?: 'list'; variant?: 'text' | 'outlined' }) => {
  const record = useRecordContext<ClosureRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const allowed = useCan('closures', 'delete');
  if (!allowed || !record) return null;
  return (
    <ConfirmButton
      label="Reopen"
      icon={<ReopenIcon />}
      variant={variant}
      title="Reopen for this time?"
      content={`${record.facilities.map((f) => f.name).join(', ')} can be booked again ${closureWhen(record.start, record.end)}. Bookings this closure cancelled stay cancelled.`}
      run={async () => {
        try {
          await dataProvider.delete('closures', { id: record.id, previousData: record });
          notify('Reopened: the closure is removed', { type: 'success' });
          if (redirectTo) redirect('list', 'closures');
          else refresh();
        } catch (error) {
          notify(failure('Failed to reopen', error), { type: 'error' });
        }
      }}
    />
  );
};
