import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRecordContext } from 'react-admin';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { TierInputs } from './TierInputs.tsx';
import { formErrors, tierToForm, toTierBody, type TierForm } from './tier-form.ts';
import type { TierRecord } from './types.ts';

const Title = () => {
  const record = useRecordContext<TierRecord>();
  return <>{record ? `Tier: ${record.name}` : 'Tier'}</>;
};

/**
 * Deleting asks first; the API refuses a tier customers still hold (TIER_IN_USE), saying how many.
 * `record`: the tier as stored (the form's own record has no customer count).
 */
const EditToolbar = ({ record }: { record: TierRecord }) => {
  const notify = useNotify();
  // react-admin's DeleteWithConfirmButton does not ask canAccess (its DeleteButton does).
  const deletable = useCan('tiers', 'delete');
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && (
        <DeleteWithConfirmButton
          confirmTitle={`Delete the tier "${record.name}"?`}
          confirmContent={record.customers ? `${record.customers} customer${record.customers === 1 ? ' holds' : 's hold'} it: give them another tier first.` : 'Nobody holds it.'}
          mutationOptions={{ onError: (error: unknown) => notify(failure('Failed to delete the tier', error), { type: 'error' }) }}
        />
      )}
    </Toolbar>
  );
};

/** The form edits the tier as rows (a facility, its prices); the stored record is turned into them here. */
const TierEditForm = () => {
  const record = useRecordContext<TierRecord>();
  if (!record) return null;
  return (
    <SimpleForm record={{ id: record.id, ...tierToForm(record) }} toolbar={<EditToolbar record={record} />} validate={(values) => formErrors(values as TierForm)} sx={{ maxWidth: 860 }}>
      <TierInputs />
    </SimpleForm>
  );
};

/** Changing a tier changes what its holders pay from now on; bookings already made keep their price. */
export const TierEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title={<Title />}
      mutationMode="pessimistic"
      transform={(data: TierForm) => toTierBody(data)}
      mutationOptions={{ onError: (error: unknown) => notify(failure('Failed to save the tier', error), { type: 'error' }) }}
    >
      <TierEditForm />
    </Edit>
  );
};
