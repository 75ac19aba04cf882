import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { failure } from '../common/format.ts';
import { CreditPackInputs } from './CreditPackInputs.tsx';
import { EMPTY_PACK, packFormErrors, toPackBody, type CreditPackForm } from './pack-form.ts';

/** A new credit pack; on sale as soon as it is saved (unless switched off). */
export const CreditPackCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="New credit pack"
      transform={(data: CreditPackForm) => toPackBody(data)}
      mutationOptions={{
        onSuccess: () => {
          notify('Credit pack created', { type: 'success' });
          redirect('list', 'credit-packs');
        },
        onError: (error: unknown) => notify(failure('Failed to create the credit pack', error), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={EMPTY_PACK} validate={(values) => packFormErrors(values as CreditPackForm)} sx={{ maxWidth: 760 }}>
        <CreditPackInputs />
      </SimpleForm>
    </Create>
  );
};
