import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { CreateButton, Datagrid, EditButton, ExportButton, FilterButton, FunctionField, List, ReferenceField, SearchInput, SelectInput, SimpleList, TextField, TopToolbar, useGetIdentity } from 'react-admin';
import { shortDateTime } from '../common/format.ts';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { isStaff } from '@courtside/domain';
import { brand } from '../theme.ts';
import { InviteStaffButton } from './InviteStaffButton.tsx';
import { DeleteUserButton, RoleButton } from './UserButtons.tsx';
import { roleChip, roleFilterChoices } from './roles.ts';
import type { UserRecord } from './types.ts';

/** On a phone only the search stays open; the role filter waits behind "Add filter". */
const filters = (phone: boolean) => [
  <SearchInput key="q" source="q" placeholder="Name or email" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleFilterChoices} emptyText="Everyone" alwaysOn={!phone} sx={{ width: 160 }} />,
];

/** Desk and up add customers (CreateButton asks canAccess itself); owners also invite staff. */
const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="New customer" />
    <InviteStaffButton />
    <ExportButton />
  </TopToolbar>
);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

const NameCell = ({ record, self }: { record: UserRecord; self: boolean }) => (
  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
    {/* Initials repeat the name beside them (hidden from screen readers); white on either colour keeps 5.9:1 or more. */}
    <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: 14, color: '#fff', bgcolor: isStaff(record.role) ? brand.main : brand.muted }}>
      {initials(record.name)}
    </Avatar>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {record.name}
      {self && (
        <Typography component="span" variant="caption" color="text.secondary">
          {' '}
          (you)
        </Typography>
      )}
    </Typography>
  </Stack>
);

const RoleChip = ({ record }: { record: UserRecord }) => <Chip size="small" {...roleChip(record.role)} />;

/** The customer's tier, with its expiry (struck through once past). */
const TierCell = ({ record }: { record: UserRecord }) => {
  if (!record.tierId) return null;
  const expired = record.tierExpiresAt !== null && new Date(record.tierExpiresAt).getTime() <= Date.now();
  return (
    <Box component="span" sx={{ textDecoration: expired ? 'line-through' : undefined }}>
      <ReferenceField source="tierId" reference="tiers" link={false} record={record} />
      {record.tierExpiresAt && (
        <Typography component="span" variant="caption" color="text.secondary">
          {` ${expired ? 'expired' : 'until'} ${shortDateTime(record.tierExpiresAt)}`}
        </Typography>
      )}
    </Box>
  );
};

/** Each checks the role itself: Edit for desk and up, Role and Delete for owners. */
const Buttons = () => (
  <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
    <EditButton />
    <RoleButton />
    <DeleteUserButton />
  </Stack>
);

/** One user per line on a phone, with the role and the same actions as the grid (a row opens the customer's page). */
const PhoneList = ({ selfId }: { selfId: unknown }) => (
  <SimpleList<UserRecord>
    rowClick="show"
    primaryText={(r) => <NameCell record={r} self={selfId === r.id} />}
    secondaryText={(r) => (
      <>
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere', mt: 0.5 }}>
          {r.email}
        </Box>
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <RoleChip record={r} />
          <TierCell record={r} />
          <Buttons />
        </Box>
      </>
    )}
  />
);

const DesktopGrid = ({ selfId }: { selfId: unknown }) => (
  <Datagrid bulkActionButtons={false} rowClick="show">
    <FunctionField label="Name" sortBy="name" render={(r: UserRecord) => <NameCell record={r} self={selfId === r.id} />} />
    <TextField source="email" />
    <TextField source="phone" sortable={false} />
    <FunctionField label="Role" sortBy="role" render={(r: UserRecord) => <RoleChip record={r} />} />
    <FunctionField label="Tier" render={(r: UserRecord) => <TierCell record={r} />} />
    <FunctionField label={<ScreenReaderText>Actions</ScreenReaderText>} render={() => <Buttons />} />
  </Datagrid>
);

export const UserList = () => {
  const { identity } = useGetIdentity();
  const phone = useIsPhone();
  return (
    <List filters={filters(phone)} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={exporters.users} title="Users">
      {phone ? <PhoneList selfId={identity?.id} /> : <DesktopGrid selfId={identity?.id} />}
    </List>
  );
};
