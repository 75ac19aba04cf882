import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  CreateButton,
  Datagrid,
  EditButton,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { QuickFilter } from '../common/QuickFilter.tsx';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { ReopenButton } from './ReopenButton.tsx';
import { closureWhen, kindChoices, kindLabel } from './closure-text.ts';
import type { ClosureRecord } from './types.ts';

/** On a phone the facility and kind wait behind "Add filter". */
const filters = (phone: boolean) => [
  <ReferenceInput key="facilityId" source="facilityId" reference="facilities" alwaysOn={!phone}>
    <AutocompleteInput label="Facility" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ width: 220 }} />
  </ReferenceInput>,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn={!phone} sx={{ width: 170 }} />,
  <QuickFilter key="upcoming" source="upcoming" label="Not over yet" defaultValue={true} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="Close facilities" />
    <ExportButton />
  </TopToolbar>
);

const facilityNames = (r: ClosureRecord) => r.facilities.map((f) => f.name).join(', ');

const KindChip = ({ kind }: { kind: string }) => <Chip size="small" label={kindLabel(kind)} variant="outlined" />;

const PhoneList = ({ editable }: { editable: boolean }) => (
  <SimpleList<ClosureRecord>
    rowClick={editable ? 'edit' : false}
    primaryText={(r) => r.reason}
    secondaryText={(r) => (
      <>
        {closureWhen(r.start, r.end)}
        <Box component="span" sx={{ display: 'block' }}>
          {facilityNames(r)}
        </Box>
      </>
    )}
    tertiaryText={(r) => kindLabel(r.kind)}
  />
);

const DesktopGrid = ({ editable }: { editable: boolean }) => (
  <Datagrid rowClick={editable ? 'edit' : false} bulkActionButtons={false}>
    <FunctionField
      label="Facilities"
      render={(r: ClosureRecord) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', maxWidth: 320 }}>
          {r.facilities.map((f) => (
            <Typography key={f.id} variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {f.name}
              {f !== r.facilities.at(-1) && ','}
            </Typography>
          ))}
        </Stack>
      )}
    />
    <FunctionField label="When" sortBy="start" render={(r: ClosureRecord) => <Box sx={{ whiteSpace: 'nowrap' }}>{closureWhen(r.start, r.end)}</Box>} />
    <FunctionField label="Reason" sortBy="reason" render={(r: ClosureRecord) => r.reason} />
    <FunctionField label="Kind" sortBy="kind" render={(r: ClosureRecord) => <KindChip kind={r.kind} />} />
    <FunctionField
      label={<ScreenReaderText>Actions</ScreenReaderText>}
      render={() => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <EditButton />
          <ReopenButton />
        </Stack>
      )}
    />
  </Datagrid>
);

/** Closures not over yet first (the list opens filtered to them), soonest first; managers open one to change or reopen it. */
export const ClosureList = () => {
  const phone = useIsPhone();
  const editable = useCan('closures', 'edit');
  return (
    <List
      filters={filters(phone)}
      filterDefaultValues={{ upcoming: true }}
      actions={<Actions />}
      sort={{ field: 'start', order: 'ASC' }}
      perPage={25}
      exporter={exporters.closures}
      title="Closures"
    >
      {phone ? <PhoneList editable={editable} /> : <DesktopGrid editable={editable} />}
    </List>
  );
};
