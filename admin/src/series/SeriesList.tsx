import { Box, Button, Stack, Typography } from '@mui/material';
import { AutocompleteInput, Datagrid, ExportButton, FilterButton, FunctionField, Link, List, ReferenceInput, SimpleList, TopToolbar } from 'react-admin';
import { countOf } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { NewSeriesButton } from './NewSeriesButton.tsx';
import { seriesRule, seriesSpan } from './series-text.ts';
import type { SeriesRecord } from './types.ts';

const filters = [
  <ReferenceInput key="facilityId" source="facilityId" reference="facilities" alwaysOn>
    <AutocompleteInput label="Facility" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ width: 220 }} />
  </ReferenceInput>,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <NewSeriesButton />
    <ExportButton />
  </TopToolbar>
);

/** No series yet: where they come from, and the way to make one (a manager's). */
const NoSeries = () => {
  const canCreate = useCan('series', 'create');
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, maxWidth: 520, mx: 'auto' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        No weekly series yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {canCreate
          ? "A club's or a league's weekly slot: in the day view click free time and tick Repeat weekly, or start one here."
          : "A club's or a league's weekly slot: a manager sets one up from the day view."}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        <NewSeriesButton variant="contained" />
        <Button size="small" component={Link} to="/day-view">
          Open the day view
        </Button>
      </Stack>
    </Box>
  );
};

const PhoneList = () => (
  <SimpleList<SeriesRecord>
    rowClick="show"
    primaryText={(s) => s.customer.name}
    secondaryText={(s) => `${s.facilityName} · ${seriesRule(s)} · ${seriesSpan(s)}`}
    tertiaryText={(s) => `${s.upcoming} to come`}
  />
);

const DesktopGrid = () => (
  <Datagrid rowClick="show" bulkActionButtons={false}>
    <FunctionField
      label="Customer"
      render={(s: SeriesRecord) => (
        <Stack>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {s.customer.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {s.customer.email}
          </Typography>
        </Stack>
      )}
    />
    <FunctionField label="Facility" render={(s: SeriesRecord) => s.facilityName} />
    <FunctionField label="When" render={(s: SeriesRecord) => seriesRule(s)} />
    <FunctionField label="Dates" sortBy="firstDate" render={(s: SeriesRecord) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{seriesSpan(s)}</Typography>} />
    <FunctionField label="Still to come" render={(s: SeriesRecord) => countOf(s.upcoming, 'date')} />
  </Datagrid>
);

/** The weekly series staff set up (from the day view's booking dialog, "Repeat weekly"), newest first. */
export const SeriesList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters.series} title="Weekly series" empty={<NoSeries />}>
      {phone ? <PhoneList /> : <DesktopGrid />}
    </List>
  );
};
