import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { DEFAULT_MAX_BOOKING_MINUTES, DEFAULT_SLOT_MINUTES, everyDay } from '@courtside/domain';
import { failure } from '../common/format.ts';
import { FacilityInputs } from './FacilityInputs.tsx';

/** A price rule as the API takes it: an empty validity date is left out (open-ended). */
const toPriceRule = (rule: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(rule).filter(([key, value]) => !(key.startsWith('valid') && (value === null || value === ''))));

/**
 * Only what the API accepts; an empty time zone means the venue's default, a blank policy field the venue's,
 * and empty players per booking the sport's usual number.
 */
export const toFacilityBody = (data: Record<string, unknown>) => {
  const { id: _id, _id: _wireId, isDeleted: _deleted, timezone, imageUrl, priceRules, policy, maxPlayers, ...rest } = data;
  return {
    ...rest,
    ...(typeof maxPlayers === 'number' ? { maxPlayers } : {}),
    ...(typeof timezone === 'string' && timezone ? { timezone } : {}),
    ...(typeof imageUrl === 'string' && imageUrl.trim() ? { imageUrl: imageUrl.trim() } : {}),
    ...(Array.isArray(priceRules) ? { priceRules: priceRules.map((r) => toPriceRule(r as Record<string, unknown>)) } : {}),
    ...(policy && typeof policy === 'object'
      ? { policy: Object.fromEntries(Object.entries(policy).filter(([, v]) => v !== null && v !== '' && v !== undefined)) }
      : {}),
  };
};

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
