import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  EditButton,
  ExportButton,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  FilterButton,
} from 'react-admin';
import { currencyOptions } from '../common/format.ts';
import { DeleteFacilityButton, RestoreFacilityButton } from './FacilityButtons.tsx';
import type { FacilityRecord } from './types.ts';

const filters = [
  <SearchInput key="q" source="q" placeholder="Search by name" alwaysOn />,
  <NumberInput key="maxPrice" source="maxPrice" label="Max price ($/hour)" min={0} alwaysOn sx={{ width: 180 }} />,
  <SelectInput
    key="isDeleted"
    source="isDeleted"
    label="Show deleted"
    emptyText="Active only"
    choices={[
      { id: 'true', name: 'Deleted only' },
      { id: 'any', name: 'Active and deleted' },
    ]}
    alwaysOn
    sx={{ width: 200 }}
  />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="Add facility" />
    <ExportButton />
  </TopToolbar>
);

const Thumbnail = ({ record }: { record: FacilityRecord }) => (
  <Box
    component="img"
    src={record.imageUrl}
    alt=""
    loading="lazy"
    sx={{ width: 72, height: 48, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100', display: 'block', filter: record.isDeleted ? 'grayscale(1)' : undefined, opacity: record.isDeleted ? 0.6 : 1 }}
  />
);

const hoursSummary = (r: FacilityRecord) => {
  const days = Object.values(r.openingHours ?? {});
  const open = days.filter(Boolean) as { open: string; close: string }[];
  if (open.length === 0) return 'Closed';
  const same = open.every((h) => h.open === open[0]!.open && h.close === open[0]!.close);
  const range = same ? `${open[0]!.open}–${open[0]!.close}` : 'varies';
  return open.length === 7 ? `Daily ${range}` : `${open.length} days, ${range}`;
};

export const FacilityList = () => (
  <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} title="Facilities">
    <Datagrid rowClick="edit" bulkActionButtons={false} rowSx={(r) => (r.isDeleted ? { bgcolor: 'grey.50' } : {})}>
      <FunctionField label="" render={(r: FacilityRecord) => <Thumbnail record={r} />} />
      <FunctionField
        label="Name"
        sortBy="name"
        render={(r: FacilityRecord) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {r.name}
            </Typography>
            {r.isDeleted && <Chip size="small" label="Deleted" color="default" />}
          </Stack>
        )}
      />
      <TextField source="location" />
      <NumberField source="pricePerHour" label="Price / hour" options={currencyOptions} />
      <FunctionField label="Opening hours" render={hoursSummary} />
      <FunctionField label="Slot" render={(r: FacilityRecord) => `${r.slotMinutes} min`} />
      <FunctionField
        label=""
        render={(r: FacilityRecord) =>
          r.isDeleted ? (
            <RestoreFacilityButton />
          ) : (
            <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
              <EditButton />
              <DeleteFacilityButton />
            </Stack>
          )
        }
      />
    </Datagrid>
  </List>
);
