import { AutocompleteArrayInput, ReferenceArrayInput, TextInput, required } from 'react-admin';

/** A device's name and the facilities whose doors it opens (none picked: all of them). */
export const DeviceInputs = () => (
  <>
    <TextInput source="name" validate={required()} helperText="Where it is, e.g. “Court 3 gate” or “Front desk kiosk”" slotProps={{ htmlInput: { maxLength: 80 } }} sx={{ maxWidth: 420 }} />
    <ReferenceArrayInput source="facilityIds" reference="facilities" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteArrayInput
        label="Opens the doors of"
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        helperText="Leave empty for all facilities"
        sx={{ minWidth: { sm: 420 } }}
      />
    </ReferenceArrayInput>
  </>
);
