import { Box, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { BookingStatusField, PaymentStatusField, bookingStatusChoices, paymentStatusChoices } from '../common/StatusChip.tsx';
import { currencyOptions, money, moneyLocale, shortDate, timeRange } from '../common/format.ts';
import { emailText } from '../common/mailto.ts';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { CancelBookingButton } from './CancelBookingButton.tsx';
import type { BookingRecord } from './types.ts';

/** On a phone only the search stays open; the rest wait behind "Add filter". */
const filters = (phone: boolean) => [
  <SearchInput key="q" source="q" placeholder="Customer name or email" alwaysOn />,
  <ReferenceInput key="facilityId" source="facilityId" reference="facilities" alwaysOn={!phone}>
    <AutocompleteInput label="Facility" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ width: 220 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={bookingStatusChoices} alwaysOn={!phone} sx={{ width: 160 }} />,
  <DateInput key="dateFrom" source="dateFrom" label="From" alwaysOn={!phone} />,
  <DateInput key="dateTo" source="dateTo" label="To" alwaysOn={!phone} />,
  <SelectInput key="paymentStatus" source="paymentStatus" label="Payment" choices={paymentStatusChoices} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton />
  </TopToolbar>
);

/** One booking per line on a phone: facility and amount, then when and who, then its state. */
const PhoneList = () => (
  <SimpleList<BookingRecord>
    rowClick="show"
    primaryText={(r) => r.facility.name}
    tertiaryText={(r) => money(r.payableAmount)}
    secondaryText={(r) => (
      <>
        {shortDate(r.date)} · {timeRange(r.startTime, r.endTime)} · {r.user.name}
        <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
          <BookingStatusField />
          <PaymentStatusField />
        </Box>
      </>
    )}
  />
);

const DesktopGrid = () => (
  <Datagrid rowClick="show" bulkActionButtons={false}>
    <FunctionField
      label="Facility"
      sortBy="facility.name"
      render={(r: BookingRecord) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {r.facility.name}
        </Typography>
      )}
    />
    <FunctionField
      label="Customer"
      sortBy="user.name"
      render={(r: BookingRecord) => (
        <Stack>
          <Typography variant="body2">{r.user.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {emailText(r.user.email)}
          </Typography>
        </Stack>
      )}
    />
    <FunctionField label="Date" sortBy="date" render={(r: BookingRecord) => shortDate(r.date)} />
    <FunctionField label="Time" render={(r: BookingRecord) => timeRange(r.startTime, r.endTime)} />
    <NumberField source="payableAmount" label="Amount" options={currencyOptions} locales={moneyLocale()} />
    <BookingStatusField label="Status" sortBy="status" />
    <PaymentStatusField label="Payment" sortBy="paymentStatus" />
    <FunctionField
      label={<ScreenReaderText>Actions</ScreenReaderText>}
      render={() => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <CancelBookingButton compact />
        </Stack>
      )}
    />
  </Datagrid>
);

export const BookingList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters(phone)} actions={<Actions />} sort={{ field: 'date', order: 'DESC' }} perPage={25} exporter={exporters.bookings} title="Bookings">
      {phone ? <PhoneList /> : <DesktopGrid />}
    </List>
  );
};
