import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { AutocompleteInput, Datagrid, DateInput, ExportButton, FilterButton, FunctionField, List, ReferenceInput, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { shortDate } from '../common/format.ts';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { RemoveFromWaitlistButton } from './RemoveFromWaitlistButton.tsx';
import { ago, exactText, lengthText, offerText, statusChoices, statusLook, whatText, whenText } from './waitlist-text.ts';
import type { WaitlistRecord } from './types.ts';

/** On a phone only the search stays open; the rest wait behind "Add filter". */
const filters = (phone: boolean) => [
  <SearchInput key="q" source="q" placeholder="Customer name or email" alwaysOn />,
  <ReferenceInput key="facilityId" source="facilityId" reference="facilities" alwaysOn={!phone}>
    <AutocompleteInput label="Facility" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ width: 220 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn={!phone} sx={{ width: 250 }} />,
  <DateInput key="date" source="date" label="Date" alwaysOn={!phone} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton />
  </TopToolbar>
);

const StatusChip = ({ status }: { status: string }) => {
  const look = statusLook(status);
  return <Chip size="small" label={look.label} color={look.color} variant={status === 'waiting' ? 'outlined' : 'filled'} />;
};

/** "5 minutes ago", the exact instant on hover; screen readers read both. */
const Joined = ({ at }: { at: string }) => (
  <Tooltip describeChild title={exactText(at)}>
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {ago(at)}
      <ScreenReaderText>{` (${exactText(at)})`}</ScreenReaderText>
    </Typography>
  </Tooltip>
);

const Customer = ({ r }: { r: WaitlistRecord }) => (
  <Stack sx={{ maxWidth: 220 }}>
    <Typography variant="body2">{r.customer.name}</Typography>
    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {r.customer.email}
    </Typography>
  </Stack>
);

const PhoneList = () => (
  <SimpleList<WaitlistRecord>
    rowClick={false}
    primaryText={(r) => r.customer.name}
    secondaryText={(r) => (
      <>
        {whatText(r)} · {shortDate(r.date)} · {whenText(r)} · {lengthText(r.minutes)}
        <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
          <StatusChip status={r.status} />
          {r.position !== null && <span>#{r.position} in line</span>}
          <span>Joined {ago(r.joinedAt)}</span>
          {r.offer && <span>Offer: {offerText(r)}</span>}
        </Box>
      </>
    )}
    tertiaryText={() => <RemoveFromWaitlistButton />}
  />
);

const DesktopGrid = () => (
  <Datagrid rowClick={false} bulkActionButtons={false}>
    <FunctionField label="Customer" render={(r: WaitlistRecord) => <Customer r={r} />} />
    <FunctionField
      label="What"
      render={(r: WaitlistRecord) => (
        <Typography variant="body2" sx={{ fontWeight: 600, maxWidth: 160, overflowWrap: 'anywhere' }}>
          {whatText(r)}
        </Typography>
      )}
    />
    <FunctionField
      label="When"
      sortBy="date"
      render={(r: WaitlistRecord) => (
        <Stack sx={{ whiteSpace: 'nowrap' }}>
          <Typography variant="body2">{shortDate(r.date)}</Typography>
          <Typography variant="body2">{whenText(r)}</Typography>
        </Stack>
      )}
    />
    <FunctionField label="Length" render={(r: WaitlistRecord) => <Box sx={{ whiteSpace: 'nowrap' }}>{lengthText(r.minutes)}</Box>} />
    <FunctionField label="Status" render={(r: WaitlistRecord) => <StatusChip status={r.status} />} />
    <FunctionField label="Position" render={(r: WaitlistRecord) => r.position ?? '—'} />
    <FunctionField label="Joined" sortBy="joinedAt" render={(r: WaitlistRecord) => <Joined at={r.joinedAt} />} />
    <FunctionField label="Offer" render={(r: WaitlistRecord) => (r.offer ? <Box sx={{ maxWidth: 220, minWidth: 110 }}>{offerText(r)}</Box> : '—')} />
    <FunctionField label={<ScreenReaderText>Actions</ScreenReaderText>} render={() => <RemoveFromWaitlistButton />} />
  </Datagrid>
);

/**
 * Who waits for what, first in line first: a slot at one facility or any court of a sport in a
 * window of a day. The desk takes an entry out of the line; filters narrow it to a facility and day.
 */
export const WaitlistList = () => {
  const phone = useIsPhone();
  return (
    <List
      filters={filters(phone)}
      filterDefaultValues={{ status: 'active' }}
      actions={<Actions />}
      sort={{ field: 'joinedAt', order: 'ASC' }}
      perPage={25}
      exporter={exporters.waitlist}
      title="Waitlist"
    >
      {phone ? <PhoneList /> : <DesktopGrid />}
    </List>
  );
};
