import { Stack } from '@mui/material';
import { AutocompleteArrayInput, RadioButtonGroupInput, ReferenceArrayInput, TextInput, maxLength, required } from 'react-admin';
import { TEXT_LIMITS } from '@courtside/domain';
import { kindChoices } from './closure-text.ts';

const shrink = { inputLabel: { shrink: true } };

/**
 * The fields of a closure. Start and end are the browser's own date-and-time fields, which read
 * and write exactly the API's "YYYY-MM-DDTHH:mm": wall-clock time at each facility it closes.
 */
export const ClosureInputs = () => (
  <>
    <ReferenceArrayInput source="facilityIds" reference="facilities" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteArrayInput label="Facilities" optionText="name" filterToQuery={(q: string) => ({ q })} validate={required()} helperText="Every facility picked closes at the same local times" sx={{ minWidth: { sm: 420 } }} />
    </ReferenceArrayInput>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
      <TextInput source="start" type="datetime-local" validate={required()} slotProps={shrink} helperText="Local time at the facility" />
      <TextInput source="end" type="datetime-local" validate={required()} slotProps={shrink} helperText="May be days later" />
    </Stack>
    <TextInput source="reason" validate={[required(), maxLength(TEXT_LIMITS.closureReason)]} helperText='Customers see it on the facility page: "Closed: resurfacing"' sx={{ maxWidth: 560 }} />
    <RadioButtonGroupInput source="kind" choices={kindChoices} validate={required()} />
  </>
);
