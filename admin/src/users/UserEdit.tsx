import { Alert } from '@mui/material';
import { DateTimeInput, Edit, ReferenceInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, maxLength, required, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { TEXT_LIMITS } from '@courtside/domain';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { roleChoices } from './roles.ts';
import { toUserBody } from './user-body.ts';
import type { UserRecord } from './types.ts';

const Title = () => {
  const record = useRecordContext<UserRecord>();
  return <>{record ? `Edit ${record.name}` : 'Edit user'}</>;
};

/** Save only: deactivating an account is the list's Delete, which says what it does first. */
const EditToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * A customer's contact details (desk and up), their tier (managers and owners: the tier's prices
 * are what they see and pay from the moment it is saved, until its expiry, left empty: none) and
 * their role (owners; the list's Role button does the same). The email is not changed here.
 */
export const UserEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const rights = { tier: useCan('users', 'tier'), role: useCan('users', 'role') };
  return (
    <Edit
      title={<Title />}
      mutationMode="pessimistic"
      transform={(data: Record<string, unknown>, options?: { previousData?: { role?: unknown } }) => toUserBody(data, rights, options?.previousData)}
      mutationOptions={{
        onSuccess: () => {
          notify('User updated', { type: 'success' });
          redirect('list', 'users');
        },
        onError: (error: unknown) => notify(failure('Failed to update the user', error), { type: 'error' }),
      }}
    >
      <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 600 }}>
        <TextInput source="name" validate={[required(), maxLength(TEXT_LIMITS.personName)]} />
        <TextInput source="phone" validate={[required(), maxLength(TEXT_LIMITS.phone)]} />
        <TextInput source="address" validate={[required(), maxLength(TEXT_LIMITS.address)]} />
        {rights.tier && (
          <>
            <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
              A tier gives this customer its prices (a discount, or its own prices at some facilities) on every booking from now on, until it expires.
            </Alert>
            <ReferenceInput source="tierId" reference="tiers" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
              <SelectInput label="Tier" optionText="name" emptyText="No tier (public prices)" sx={{ minWidth: 280 }} />
            </ReferenceInput>
            <DateTimeInput source="tierExpiresAt" label="Tier expires" helperText="Optional: empty means it never expires (your local time)" />
          </>
        )}
        {rights.role && (
          <SelectInput
            source="role"
            choices={roleChoices}
            validate={required()}
            helperText="Desk, Manager and Owner sign in to this back office; a change ends their current session"
            sx={{ minWidth: 280 }}
          />
        )}
      </SimpleForm>
    </Edit>
  );
};
