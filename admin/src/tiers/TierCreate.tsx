import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { failure } from '../common/format.ts';
import { TierInputs } from './TierInputs.tsx';
import { EMPTY_TIER, formErrors, toTierBody, type TierForm } from './tier-form.ts';

/** Define a tier: a percentage off, or its own prices at some facilities. */
export const TierCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="New tier"
      transform={(data: TierForm) => toTierBody(data)}
      mutationOptions={{
        onSuccess: () => {
          notify('Tier created', { type: 'success' });
          redirect('list', 'tiers');
        },
        onError: (error: unknown) => notify(failure('Failed to create the tier', error), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={EMPTY_TIER} validate={(values) => formErrors(values as TierForm)} sx={{ maxWidth: 860 }}>
        <TierInputs />
      </SimpleForm>
    </Create>
  );
};
