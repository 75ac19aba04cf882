import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRecordContext } from 'react-admin';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { PromoCodeInputs } from './PromoCodeInputs.tsx';
import { promoCodeToForm, promoFormErrors, toPromoCodeBody, usesText, type PromoCodeForm } from './promo-text.ts';
import type { PromoCodeRecord } from './types.ts';

const Title = () => {
  const record = useRecordContext<PromoCodeRecord>();
  return <>{record ? `Promo code ${record.code}` : 'Promo code'}</>;
};

/**
 * Deleting asks first; a code orders have used is withdrawn instead, and its orders keep it.
 * `record`: the code as stored (the form's own record has no uses).
 */
const EditToolbar = ({ record }: { record: PromoCodeRecord }) => {
  const notify = useNotify();
  // react-admin's DeleteWithConfirmButton does not ask canAccess (its DeleteButton does).
  const deletable = useCan('promo-codes', 'delete');
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && (
        <DeleteWithConfirmButton
          confirmTitle={`Delete the promo code ${record.code}?`}
          confirmContent={
            record.uses
              ? `It is in use (${usesText(record)}): customers will no longer be able to use it; orders that did keep it.`
              : 'Customers will no longer be able to use it.'
          }
          mutationOptions={{ onError: (error: unknown) => notify(failure('Failed to delete the promo code', error), { type: 'error' }) }}
        />
      )}
    </Toolbar>
  );
};

const PromoCodeEditForm = () => {
  const record = useRecordContext<PromoCodeRecord>();
  if (!record) return null;
  return (
    <SimpleForm record={{ id: record.id, ...promoCodeToForm(record) }} toolbar={<EditToolbar record={record} />} validate={(values) => promoFormErrors(values as PromoCodeForm)} sx={{ maxWidth: 760 }}>
      <PromoCodeInputs />
    </SimpleForm>
  );
};

/** New terms apply to checkouts from now on; orders already placed keep the discount they got. */
export const PromoCodeEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title={<Title />}
      mutationMode="pessimistic"
      transform={(data: PromoCodeForm) => toPromoCodeBody(data)}
      mutationOptions={{ onError: (error: unknown) => notify(failure('Failed to save the promo code', error), { type: 'error' }) }}
    >
      <PromoCodeEditForm />
    </Edit>
  );
};
