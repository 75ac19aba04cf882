import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useDataProvider, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure } from '../common/format.ts';
import type { FacilityRecord } from './types.ts';

/** Soft delete: the facility leaves the public site; its bookings stay in history. */
export const DeleteFacilityButton = ({ redirectTo }: { redirectTo?: 'list' }) => {
  const record = useRecordContext<FacilityRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  if (!record || record.isDeleted) return null;
  return (
    <ConfirmButton
      label="Delete"
      icon={<DeleteIcon />}
      color="error"
      confirmColor="warning"
      title={`Delete ${record.name}?`}
      content="It disappears from the public site and can no longer be booked. Existing bookings stay in the history, and you can restore the facility later."
      run={async () => {
        try {
          await dataProvider.delete('facilities', { id: record.id, previousData: record });
          notify('Facility deleted successfully', { type: 'success' });
          if (redirectTo) redirect('list', 'facilities');
          else refresh();
        } catch (error) {
          notify(failure('Failed to delete facility', error), { type: 'error' });
        }
      }}
    />
  );
};

/** Brings a soft-deleted facility back to the public site. */
export const RestoreFacilityButton = ({ variant = 'text' }: { variant?: 'text' | 'contained' | 'outlined' }) => {
  const record = useRecordContext<FacilityRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || !record.isDeleted) return null;
  return (
    <ConfirmButton
      label="Restore"
      icon={<RestoreIcon />}
      variant={variant}
      title={`Restore ${record.name}?`}
      content="It reappears on the public site and can be booked again."
      run={async () => {
        try {
          await dataProvider.update('facilities', { id: record.id, data: { isDeleted: false }, previousData: record });
          notify('Facility restored successfully', { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Failed to restore facility', error), { type: 'error' });
        }
      }}
    />
  );
};
