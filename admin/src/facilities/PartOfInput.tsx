import { SelectInput, useRecordContext } from 'react-admin';
import { useFacilities } from '../common/useFacilities.ts';
import { HAS_PARTS_HELP, NOT_PART, PART_OF_HELP, partOfChoices } from './part-of.ts';
import type { FacilityRecord } from './types.ts';

/**
 * Linked courts: the facility this one is part of (a half of a pitch, a court of a hall), or
 * nothing. Only what the one-level rule allows is offered; a facility with parts is part of nothing.
 */
export const PartOfInput = () => {
  const record = useRecordContext<FacilityRecord>();
  const { data, isPending } = useFacilities();
  const hasParts = (record?.parts.length ?? 0) > 0;
  return (
    <SelectInput
      source="parentId"
      label="Part of"
      choices={partOfChoices(record?.id ?? null, data ?? [], record?.parent ?? null)}
      emptyText={NOT_PART}
      translateChoice={false}
      disabled={hasParts}
      isPending={isPending && !hasParts}
      helperText={hasParts ? HAS_PARTS_HELP : PART_OF_HELP}
      // "Nothing" is a choice to read, not a blank field: the select shows it when nothing is chosen.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      // The reason a disabled select gives must stay readable (MUI greys a disabled field's helper text).
      sx={{ width: 560, maxWidth: '100%', '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
    />
  );
};
