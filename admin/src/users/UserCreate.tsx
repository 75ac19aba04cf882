import { Alert } from '@mui/material';
import {
  BooleanInput,
  Create,
  FormDataConsumer,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  email,
  maxLength,
  minLength,
  required,
  useDataProvider,
  useNotify,
  useRedirect,
} from 'react-admin';
import type { AdminUserDto } from '@courtside/contracts';
import { PASSWORD_MAX, PASSWORD_MIN, TEXT_LIMITS, isStaff } from '@courtside/domain';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { httpClient } from '../dataProvider.ts';
import { customerCreatedText, newCustomerRequest } from './customer-page.ts';
import { roleChoices } from './roles.ts';
import { toNewUserBody } from './user-body.ts';

/** A desk customer needs an email or a phone to be reached by. */
const contactGiven = (values: Record<string, unknown>) => {
  if (values.withPassword) return {};
  const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return has(values.email) || has(values.phone) ? {} : { phone: 'Give an email or a phone' };
};

/**
 * "New customer" (desk and up): a name and an email and/or a phone, made with no password
 * through POST /api/admin/customers; with an email they are sent a link to choose one. An owner
 * may instead "Set a password now" (the original product's "Create An Admin"): password,
 * address and role, through POST /api/admin/users.
 */
export const UserCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider();
  const owner = useCan('users', 'role');
  const save = async (data: Record<string, unknown>) => {
    const desk = newCustomerRequest(data);
    if (desk) {
      try {
        const { json } = await httpClient(desk.url, { method: 'POST', body: JSON.stringify(desk.body) });
        const record = ((json as { data?: AdminUserDto }).data ?? json) as AdminUserDto & { id: string };
        notify(customerCreatedText(typeof desk.body.email === 'string'), { type: 'success' });
        redirect('show', 'users', record.id ?? record._id);
      } catch (error) {
        notify(failure('The customer was not created', error), { type: 'error' });
      }
      return;
    }
    const { withPassword: _ignored, ...account } = data;
    const body = toNewUserBody(account);
    try {
      const { data: record } = await dataProvider.create('users', { data: body });
      // A staff account is what the original product called an admin: its words are kept for it.
      notify(isStaff(record.role) ? 'Admin registration successful!' : 'Account created', { type: 'success' });
      redirect('show', 'users', record.id);
    } catch (error) {
      notify(failure(isStaff(body.role) ? 'Admin registration failed. Please try again.' : 'The account was not created', error), { type: 'error' });
    }
  };
  return (
    <Create title="New customer">
      <SimpleForm defaultValues={{ role: 'user', withPassword: false }} onSubmit={save} validate={contactGiven} sx={{ maxWidth: 600 }}>
        <FormDataConsumer>
          {({ formData }) =>
            formData.withPassword ? (
              <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
                This account can sign in straight away with this password. Give another role only to staff: they sign in to this back office too.
              </Alert>
            ) : (
              <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
                An email or a phone is enough. With an email, the customer is sent a link to choose a password.
              </Alert>
            )
          }
        </FormDataConsumer>
        {owner && <BooleanInput source="withPassword" label="Set a password now" helperText="Owners: an account with a password, an address and a role" />}
        <TextInput source="name" validate={[required(), maxLength(TEXT_LIMITS.personName)]} />
        <FormDataConsumer>
          {({ formData }) =>
            formData.withPassword ? (
              <>
                <TextInput source="email" type="email" validate={[required(), email(), maxLength(TEXT_LIMITS.email)]} />
                <PasswordInput
                  source="password"
                  validate={[required(), minLength(PASSWORD_MIN), maxLength(PASSWORD_MAX)]}
                  helperText={`At least ${PASSWORD_MIN} characters; the API checks the password policy`}
                  autoComplete="new-password"
                />
                <TextInput source="phone" validate={[required(), maxLength(TEXT_LIMITS.phone)]} />
                <TextInput source="address" validate={[required(), maxLength(TEXT_LIMITS.address)]} />
                <TextInput source="photoUrl" label="Photo URL" helperText="Optional" />
                <SelectInput source="role" choices={roleChoices} validate={required()} sx={{ minWidth: 220 }} />
              </>
            ) : (
              <>
                <TextInput source="email" type="email" validate={[email(), maxLength(TEXT_LIMITS.email)]} helperText="Optional if you give a phone" />
                <TextInput source="phone" validate={[maxLength(TEXT_LIMITS.phone)]} helperText="Optional if you give an email" />
              </>
            )
          }
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
};
