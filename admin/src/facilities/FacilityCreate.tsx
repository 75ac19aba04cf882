import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { DEFAULT_MAX_BOOKING_MINUTES, DEFAULT_SLOT_MINUTES, everyDay } from '@courtside/domain';
import { failure } from '../common/format.ts';
import { FacilityInputs } from './FacilityInputs.tsx';
import { toFacilityBody } from './facility-body.ts';

export const FacilityCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Add a facility"
      transform={toFacilityBody}
      mutationOptions={{
        onSuccess: () => {
          notify('Facility added successfully', { type: 'success' });
          redirect('list', 'facilities');
        },
        onError: (error: unknown) => notify(failure('Failed to add facility', error), { type: 'error' }),
      }}
    >
      <SimpleForm
        defaultValues={{ slotMinutes: DEFAULT_SLOT_MINUTES, maxBookingMinutes: DEFAULT_MAX_BOOKING_MINUTES, openingHours: everyDay() }}
        sx={{ maxWidth: 760 }}
      >
        <FacilityInputs creating />
      </SimpleForm>
    </Create>
  );
};
