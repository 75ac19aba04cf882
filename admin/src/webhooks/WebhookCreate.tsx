import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { failure } from '../common/format.ts';
import { WebhookInputs } from './WebhookInputs.tsx';
import { EMPTY_WEBHOOK, formErrors, toCreateBody, type WebhookForm } from './webhook-form.ts';
import type { WebhookRecord } from './types.ts';

/** Add an endpoint; its page opens next, with the secret the receiver verifies signatures with. */
export const WebhookCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="New webhook endpoint"
      transform={(data: WebhookForm) => toCreateBody(data)}
      mutationOptions={{
        onSuccess: (record: WebhookRecord) => {
          notify('Endpoint added: give its secret to the receiver.', { type: 'success' });
          redirect('edit', 'webhooks', record.id);
        },
        onError: (error: unknown) => notify(failure('Failed to add the endpoint', error), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={EMPTY_WEBHOOK} validate={(values) => formErrors(values as WebhookForm)} sx={{ maxWidth: 860 }}>
        <WebhookInputs />
      </SimpleForm>
    </Create>
  );
};
