import { Alert } from '@mui/material';
import { Create, PasswordInput, SimpleForm, TextInput, email, maxLength, minLength, required, useNotify, useRedirect } from 'react-admin';
import { PASSWORD_MAX, PASSWORD_MIN, TEXT_LIMITS } from '@courtside/domain';
import { failure } from '../common/format.ts';

/** Creates an admin account through POST /api/users/admin (sign-up never makes admins). */
export const UserCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Create an admin"
      transform={(data: Record<string, unknown>) => ({ ...data, photoUrl: typeof data.photoUrl === 'string' && data.photoUrl.trim() ? data.photoUrl.trim() : undefined })}
      mutationOptions={{
        onSuccess: () => {
          notify('Admin registration successful!', { type: 'success' });
          redirect('list', 'users');
        },
        onError: (error: unknown) => notify(failure('Admin registration failed. Please try again.', error), { type: 'error' }),
      }}
    >
      <SimpleForm sx={{ maxWidth: 600 }}>
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          The new admin can sign in here and on the public site straight away, with full access to the back office.
        </Alert>
        <TextInput source="name" validate={[required(), maxLength(TEXT_LIMITS.personName)]} />
        <TextInput source="email" type="email" validate={[required(), email(), maxLength(TEXT_LIMITS.email)]} />
        <PasswordInput source="password" validate={[required(), minLength(PASSWORD_MIN), maxLength(PASSWORD_MAX)]} helperText={`At least ${PASSWORD_MIN} characters; the API checks the password policy`} autoComplete="new-password" />
        <TextInput source="phone" validate={[required()]} />
        <TextInput source="address" validate={[required()]} />
        <TextInput source="photoUrl" label="Photo URL" helperText="Optional" />
      </SimpleForm>
    </Create>
  );
};
