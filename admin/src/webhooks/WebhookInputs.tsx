import { CheckboxGroupInput, TextInput } from 'react-admin';
import { EVENT_CHOICES } from './webhook-form.ts';

/** The endpoint's address, what it is for, and which events it gets. */
export const WebhookInputs = () => (
  <>
    <TextInput source="url" label="URL" fullWidth helperText="https: only. The server refuses private and loopback addresses unless WEBHOOK_ALLOW_PRIVATE=1." />
    <TextInput source="description" fullWidth helperText="What listens there: the court lights, the accounting tool..." />
    <CheckboxGroupInput source="events" choices={EVENT_CHOICES} row={false} />
  </>
);
