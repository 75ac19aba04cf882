import { Alert } from '@mui/material';
import { Create, PasswordInput, type RaRecord, SelectInput, SimpleForm, TextInput, email, maxLength, minLength, required, useNotify, useRedirect } from 'react-admin';
import { PASSWORD_MAX, PASSWORD_MIN, TEXT_LIMITS, isStaff } from '@courtside/domain';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { roleChoices } from './roles.ts';
import { toNewUserBody } from './user-body.ts';

/**
 * Creates an account through POST /api/admin/users: a customer (desk and up, say for someone
 * who books by phone), who can sign in on the public site with this password. An owner may give
 * it a staff role here; "Invite staff" on the list lets the person choose their own password.
 */
export const UserCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const owner = useCan('users', 'role');
  return (
    <Create
      title="New customer"
      transform={toNewUserBody}
      mutationOptions={{
        // A staff account is what the original product called an admin: its words are kept for it.
        onSuccess: (record: RaRecord) => {
          notify(isStaff(record.role) ? 'Admin registration successful!' : 'Account created', { type: 'success' });
          redirect('list', 'users');
        },
        onError: (error: unknown, variables: { data?: Partial<RaRecord> }) =>
          notify(failure(isStaff(variables.data?.role) ? 'Admin registration failed. Please try again.' : 'The account was not created', error), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={{ role: 'user' }} sx={{ maxWidth: 600 }}>
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          {owner
            ? 'A customer can sign in on the public site straight away with this password. Give another role only to staff: they sign in to this back office too.'
            : 'The customer can sign in on the public site straight away with this password.'}
        </Alert>
        <TextInput source="name" validate={[required(), maxLength(TEXT_LIMITS.personName)]} />
        <TextInput source="email" type="email" validate={[required(), email(), maxLength(TEXT_LIMITS.email)]} />
        <PasswordInput source="password" validate={[required(), minLength(PASSWORD_MIN), maxLength(PASSWORD_MAX)]} helperText={`At least ${PASSWORD_MIN} characters; the API checks the password policy`} autoComplete="new-password" />
        <TextInput source="phone" validate={[required()]} />
        <TextInput source="address" validate={[required()]} />
        <TextInput source="photoUrl" label="Photo URL" helperText="Optional" />
        {owner && <SelectInput source="role" choices={roleChoices} validate={required()} sx={{ minWidth: 220 }} />}
      </SimpleForm>
    </Create>
  );
};
