import PromoteIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import DemoteIcon from '@mui/icons-material/PersonOutlined';
import DeleteIcon from '@mui/icons-material/PersonOffOutlined';
import { useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure } from '../common/format.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import type { UserRecord } from './types.ts';

/** Promote to admin or demote to user; the API refuses to demote yourself or the last admin. */
export const RoleButton = () => {
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const promote = record.role !== 'admin';
  return (
    <ConfirmButton
      label={promote ? 'Make admin' : 'Remove admin'}
      icon={promote ? <PromoteIcon /> : <DemoteIcon />}
      title={promote ? `Make ${record.name} an admin?` : `Remove admin status from ${record.name}?`}
      content={
        promote
          ? `${record.name} will be able to sign in to this back office and manage facilities, bookings and users. Their current session ends; they sign in again.`
          : `${record.name} keeps their customer account but can no longer use the back office.`
      }
      confirmColor={promote ? 'primary' : 'warning'}
      run={async () => {
        try {
          const message = await dataProvider.setRole(record.id, promote ? 'admin' : 'user');
          notify(message, { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Failed to update user role', error), { type: 'error' });
        }
      }}
    />
  );
};

/** Deactivates the account: sign-in and old sessions stop working, history stays. */
export const DeleteUserButton = () => {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  return (
    <ConfirmButton
      label="Delete"
      icon={<DeleteIcon />}
      color="error"
      confirmColor="warning"
      title={`Delete ${record.name}'s account?`}
      content={`${record.email} can no longer sign in, and their unpaid holds are released. Their booking history is kept.${
        identity?.id === record.id ? ' This is your own account.' : ''
      }`}
      run={async () => {
        try {
          await dataProvider.delete('users', { id: record.id, previousData: record });
          notify('User deleted successfully', { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Failed to delete user', error), { type: 'error' });
        }
      }}
    />
  );
};
