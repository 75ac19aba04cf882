import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRecordContext } from 'react-admin';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { CreditPackInputs } from './CreditPackInputs.tsx';
import { packFormErrors, packToForm, toPackBody, type CreditPackForm } from './pack-form.ts';
import type { CreditPackRecord } from './types.ts';

const Title = () => {
  const record = useRecordContext<CreditPackRecord>();
  return <>{record ? `Credit pack ${record.name}` : 'Credit pack'}</>;
};

/** Deleting asks first; a pack that was bought is withdrawn from sale instead, and its top-ups keep it. */
const EditToolbar = ({ record }: { record: CreditPackRecord }) => {
  const notify = useNotify();
  // react-admin's DeleteWithConfirmButton does not ask canAccess (its DeleteButton does).
  const deletable = useCan('credit-packs', 'delete');
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && (
        <DeleteWithConfirmButton
          confirmTitle={`Delete the credit pack ${record.name}?`}
          confirmContent="Customers will no longer be able to buy it. If anyone bought it, it is withdrawn from sale instead, and their credit stays as it is."
          mutationOptions={{ onError: (error: unknown) => notify(failure('Failed to delete the credit pack', error), { type: 'error' }) }}
        />
      )}
    </Toolbar>
  );
};

const CreditPackEditForm = () => {
  const record = useRecordContext<CreditPackRecord>();
  if (!record) return null;
  return (
    <SimpleForm record={{ id: record.id, ...packToForm(record) }} toolbar={<EditToolbar record={record} />} validate={(values) => packFormErrors(values as CreditPackForm)} sx={{ maxWidth: 760 }}>
      <CreditPackInputs />
    </SimpleForm>
  );
};

/** New terms apply to top-ups from now on; credit already bought keeps the terms it was bought on. */
export const CreditPackEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title={<Title />}
      mutationMode="pessimistic"
      transform={(data: CreditPackForm) => toPackBody(data)}
      mutationOptions={{ onError: (error: unknown) => notify(failure('Failed to save the credit pack', error), { type: 'error' }) }}
    >
      <CreditPackEditForm />
    </Edit>
  );
};
