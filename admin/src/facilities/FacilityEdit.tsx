import { Alert } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { failure } from '../common/format.ts';
import { DeleteFacilityButton, RestoreFacilityButton } from './FacilityButtons.tsx';
import { FacilityInputs } from './FacilityInputs.tsx';
import { toFacilityBody } from './FacilityCreate.tsx';
import type { FacilityRecord } from './types.ts';

const Title = () => {
  const record = useRecordContext<FacilityRecord>();
  return <>{record ? `Edit ${record.name}` : 'Edit facility'}</>;
};

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteFacilityButton redirectTo="list" />
    <RestoreFacilityButton variant="outlined" />
  </Toolbar>
);

const DeletedNotice = () => {
  const record = useRecordContext<FacilityRecord>();
  if (!record?.isDeleted) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, width: '100%', maxWidth: 720 }}>
      This facility is deleted: it is hidden from the public site and cannot be booked. Restore it to bring it back.
    </Alert>
  );
};

export const FacilityEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={<Title />}
      mutationMode="pessimistic"
      transform={toFacilityBody}
      mutationOptions={{
        onSuccess: () => {
          notify('Facility updated successfully', { type: 'success' });
          redirect('list', 'facilities');
        },
        onError: (error: unknown) => notify(failure('Failed to update facility', error), { type: 'error' }),
      }}
    >
      <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 760 }}>
        <DeletedNotice />
        <FacilityInputs imageRequired={false} />
      </SimpleForm>
    </Edit>
  );
};
