import ResolvedIcon from '@mui/icons-material/TaskAltOutlined';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { hasOpenFlag, type PaymentRecord } from './types.ts';

/** Staff looked into a flagged order: after a confirmation, its flag stops counting as open. */
export const ResolveFlagButton = ({ variant = 'outlined' }: { variant?: 'text' | 'outlined' | 'contained' }) => {
  const record = useRecordContext<PaymentRecord>();
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCan('payments', 'resolve-flag');
  if (!allowed || !record || !hasOpenFlag(record)) return null;
  return (
    <ConfirmButton
      label="Mark resolved"
      icon={<ResolvedIcon />}
      variant={variant}
      title="Mark this flag resolved?"
      content="The order leaves the flagged payments and the dashboard's notice. Why it was flagged stays on the order, with your name and the time."
      run={async () => {
        try {
          await dataProvider.resolvePaymentFlag(String(record.id));
          notify('Flag marked resolved.', { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Could not resolve the flag', error), { type: 'error' });
        }
      }}
    />
  );
};
