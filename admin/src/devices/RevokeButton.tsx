import BlockIcon from '@mui/icons-material/BlockOutlined';
import { useDataProvider, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import type { DeviceRecord } from './types.ts';

/** Revoke (DELETE): the key stops working with the device's next request. */
export const RevokeButton = ({ toList = false }: { toList?: boolean }) => {
  const record = useRecordContext<DeviceRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const allowed = useCan('devices', 'delete');
  if (!record || record.revokedAt || !allowed) return null;
  return (
    <ConfirmButton
      label="Revoke"
      ariaLabel={`Revoke ${record.name}`}
      icon={<BlockIcon />}
      color="error"
      confirmColor="warning"
      title={`Revoke ${record.name}?`}
      content="Its key stops working at once: the door it guards will refuse every code until a new device is added there."
      run={async () => {
        try {
          await dataProvider.delete('devices', { id: record.id, previousData: record });
          notify('Device revoked', { type: 'success' });
          if (toList) redirect('list', 'devices');
          else refresh();
        } catch (error) {
          notify(failure('Failed to revoke the device', error), { type: 'error' });
        }
      }}
    />
  );
};

