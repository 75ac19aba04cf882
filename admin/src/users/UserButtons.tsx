import { useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import RoleIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import DeleteIcon from '@mui/icons-material/PersonOffOutlined';
import { Confirm, useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ROLE_LABELS, type Role } from '@courtside/domain';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { otherRoles, roleChangeText } from './roles.ts';
import type { UserRecord } from './types.ts';

/**
 * An owner gives a user another role: a menu of the other three, then a confirmation saying
 * what the new role opens. The API refuses to change your own role or the last owner's (409
 * SELF, LAST_OWNER) and says why; its words are shown.
 */
export const RoleButton = () => {
  const record = useRecordContext<UserRecord>();
  const allowed = useCan('users', 'role');
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState<Role>();
  const [busy, setBusy] = useState(false);
  if (!record || !allowed) return null;
  const question = chosen && roleChangeText(record.name, record.role, chosen);
  const change = async (e: MouseEvent) => {
    e.stopPropagation();
    if (!chosen) return;
    setBusy(true);
    try {
      const message = await dataProvider.setRole(record.id, chosen);
      notify(message || `${record.name} is now ${ROLE_LABELS[chosen]}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(failure('Failed to update user role', error), { type: 'error' });
    } finally {
      setBusy(false);
      setChosen(undefined);
    }
  };
  return (
    // Clicks in the menu and the dialog must not reach a list row behind them.
    <span onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        startIcon={<RoleIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        Role
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {otherRoles(record.role).map((role) => (
          <MenuItem
            key={role}
            onClick={() => {
              setAnchor(null);
              setChosen(role);
            }}
          >
            {role === 'user' ? 'Make customer' : `Make ${ROLE_LABELS[role]}`}
          </MenuItem>
        ))}
      </Menu>
      <Confirm
        isOpen={question !== undefined}
        loading={busy}
        title={question?.title ?? ''}
        content={question?.content ?? ''}
        confirm={question?.confirm ?? 'Change role'}
        cancel="Keep it"
        confirmColor={chosen === 'user' ? 'warning' : 'primary'}
        onConfirm={change}
        onClose={(e: MouseEvent) => {
          e.stopPropagation();
          setChosen(undefined);
        }}
      />
    </span>
  );
};

/** Deactivates the account (owners only): sign-in and old sessions stop working, history stays. */
export const DeleteUserButton = () => {
  const record = useRecordContext<UserRecord>();
  const allowed = useCan('users', 'delete');
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || !allowed) return null;
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
