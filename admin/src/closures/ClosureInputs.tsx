import { Stack } from '@mui/material';
import { AutocompleteArrayInput, RadioButtonGroupInput, ReferenceArrayInput, TextInput, maxLength, required } from 'react-admin';
import { TEXT_LIMITS } from '@courtside/domain';
import { kindChoices } from './closure-text.ts';
import { DateAndTimeInput } from '../common/DateAndTimeInput.tsx';

/**
 * The fields of a closure. Start and end are a date and a time on the venue's clock, written as the
 * API's "YYYY-MM-DDTHH:mm": wall-clock time at each facility it closes.
 */
export const ClosureInputs = () => (
  <>
    <ReferenceArrayInput source="facilityIds" reference="facilities" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteArrayInput label="Facilities" optionText="name" filterToQuery={(q: string) => ({ q })} validate={required()} helperText="Every facility picked closes at the same local times" sx={{ minWidth: { sm: 420 } }} />
    </ReferenceArrayInput>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
      <DateAndTimeInput source="start" label="Start" validate={required()} helperText="Local time at the facility" />
      <DateAndTimeInput source="end" label="End" validate={required()} helperText="May be days later" />
    </Stack>
    <TextInput source="reason" validate={[required(), maxLength(TEXT_LIMITS.closureReason)]} helperText='Customers see it on the facility page: "Closed: resurfacing"' sx={{ maxWidth: 560 }} />
    <RadioButtonGroupInput source="kind" choices={kindChoices} validate={required()} />
  </>
);
