import { Avatar, Chip, Stack, Typography } from '@mui/material';
import { CreateButton, Datagrid, ExportButton, FilterButton, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useGetIdentity } from 'react-admin';
import { brand } from '../theme.ts';
import { DeleteUserButton, RoleButton } from './UserButtons.tsx';
import type { UserRecord } from './types.ts';

const filters = [
  <SearchInput key="q" source="q" placeholder="Name or email" alwaysOn />,
  <SelectInput
    key="role"
    source="role"
    choices={[
      { id: 'admin', name: 'Admins' },
      { id: 'user', name: 'Customers' },
    ]}
    emptyText="Everyone"
    alwaysOn
    sx={{ width: 160 }}
  />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="Create admin" />
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
    <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: record.role === 'admin' ? brand.main : 'grey.400' }}>{initials(record.name)}</Avatar>
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

export const UserList = () => {
  const { identity } = useGetIdentity();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} title="Users">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="Name" sortBy="name" render={(r: UserRecord) => <NameCell record={r} self={identity?.id === r.id} />} />
        <TextField source="email" />
        <TextField source="phone" sortable={false} />
        <FunctionField
          label="Role"
          sortBy="role"
          render={(r: UserRecord) => <Chip size="small" label={r.role === 'admin' ? 'Admin' : 'Customer'} color={r.role === 'admin' ? 'primary' : 'default'} variant={r.role === 'admin' ? 'filled' : 'outlined'} />}
        />
        <FunctionField
          label=""
          render={() => (
            <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
              <RoleButton />
              <DeleteUserButton />
            </Stack>
          )}
        />
      </Datagrid>
    </List>
  );
};
