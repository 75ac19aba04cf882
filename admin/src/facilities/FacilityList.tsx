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
  SimpleList,
  TopToolbar,
  FilterButton,
} from 'react-admin';
import { currencyOptions, money, moneyLocale, timeRange } from '../common/format.ts';
import { currencySymbol } from '@courtside/browser';
import { cardPhotoUrl } from '@courtside/domain';
import { FacilityImage } from './FacilityImage.tsx';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { DeleteFacilityButton, RestoreFacilityButton } from './FacilityButtons.tsx';
import type { FacilityRecord } from './types.ts';
import { sportChoices, sportLabel } from './sports.ts';

/** On a phone only the search stays open; the rest wait behind "Add filter". */
const filters = (phone: boolean) => [
  <SearchInput key="q" source="q" placeholder="Search by name" alwaysOn />,
  <SelectInput key="sport" source="sport" label="Sport" emptyText="Any sport" choices={sportChoices} alwaysOn={!phone} sx={{ width: 160 }} />,
  <NumberInput key="maxPrice" source="maxPrice" label={`Max price (${currencySymbol()}/hour)`} min={0} alwaysOn={!phone} sx={{ width: 180 }} />,
  <SelectInput
    key="isDeleted"
    source="isDeleted"
    label="Show deleted"
    emptyText="Active only"
    choices={[
      { id: 'true', name: 'Deleted only' },
      { id: 'any', name: 'Active and deleted' },
    ]}
    alwaysOn={!phone}
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

const Thumbnail = ({ record, small = false }: { record: FacilityRecord; small?: boolean }) => (
  <FacilityImage
    url={cardPhotoUrl(record.imageUrl)}
    sport={record.sport}
    sx={{ width: small ? 48 : 72, height: small ? 36 : 48, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100', display: 'block', filter: record.isDeleted ? 'grayscale(1)' : undefined, opacity: record.isDeleted ? 0.6 : 1 }}
  />
);

const hoursSummary = (r: FacilityRecord) => {
  const days = Object.values(r.openingHours ?? {});
  const open = days.filter(Boolean) as { open: string; close: string }[];
  if (open.length === 0) return 'Closed';
  const same = open.every((h) => h.open === open[0]!.open && h.close === open[0]!.close);
  const range = same ? timeRange(open[0]!.open, open[0]!.close) : 'varies';
  return open.length === 7 ? `Daily ${range}` : `${open.length} days, ${range}`;
};

const deletedRowSx = (r: FacilityRecord) => (r.isDeleted ? { bgcolor: 'grey.50' } : {});

/** One facility per line on a phone; a tap opens it for a manager (edit, delete and restore live there). */
const PhoneList = ({ editable }: { editable: boolean }) => (
  <SimpleList<FacilityRecord>
    rowClick={editable ? 'edit' : false}
    rowSx={deletedRowSx}
    leftIcon={(r) => <Thumbnail record={r} small />}
    primaryText={(r) => (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        {r.name}
        {r.isDeleted && <Chip size="small" label="Deleted" component="span" />}
      </Box>
    )}
    tertiaryText={(r) => `${money(r.pricePerHour)}/h`}
    secondaryText={(r) => `${sportLabel(r.sport)} · ${r.location} · ${hoursSummary(r)}`}
  />
);

const DesktopGrid = ({ editable }: { editable: boolean }) => (
  <Datagrid rowClick={editable ? 'edit' : false} bulkActionButtons={false} rowSx={deletedRowSx}>
    <FunctionField label={<ScreenReaderText>Picture</ScreenReaderText>} render={(r: FacilityRecord) => <Thumbnail record={r} />} />
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
    <FunctionField label="Sport" sortBy="sport" render={(r: FacilityRecord) => sportLabel(r.sport)} />
    <TextField source="location" />
    <NumberField source="pricePerHour" label="Price / hour" options={currencyOptions} locales={moneyLocale()} />
    <FunctionField label="Opening hours" render={hoursSummary} />
    <FunctionField label="Slot" render={(r: FacilityRecord) => `${r.slotMinutes} min`} />
    <NumberField source="maxPlayers" label="Players" sortable={false} />
    <FunctionField
      label={<ScreenReaderText>Actions</ScreenReaderText>}
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
);

/** Everyone on the staff sees the facilities; managers change them (a row opens the form), owners delete them. */
export const FacilityList = () => {
  const phone = useIsPhone();
  const editable = useCan('facilities', 'edit');
  return (
    <List filters={filters(phone)} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={exporters.facilities} title="Facilities">
      {phone ? <PhoneList editable={editable} /> : <DesktopGrid editable={editable} />}
    </List>
  );
};
