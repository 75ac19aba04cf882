import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { failure } from '../common/format.ts';
import { PromoCodeInputs } from './PromoCodeInputs.tsx';
import { EMPTY_PROMO_CODE, promoFormErrors, toPromoCodeBody, type PromoCodeForm } from './promo-text.ts';

/** A new promo code; customers can use it as soon as it is saved (and its first day has come). */
export const PromoCodeCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="New promo code"
      transform={(data: PromoCodeForm) => toPromoCodeBody(data)}
      mutationOptions={{
        onSuccess: () => {
          notify('Promo code created', { type: 'success' });
          redirect('list', 'promo-codes');
        },
        onError: (error: unknown) => notify(failure('Failed to create the promo code', error), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={EMPTY_PROMO_CODE} validate={(values) => promoFormErrors(values as PromoCodeForm)} sx={{ maxWidth: 760 }}>
        <PromoCodeInputs />
      </SimpleForm>
    </Create>
  );
};
