import { Stack, Typography } from '@mui/material';
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
  TopToolbar,
  downloadCSV,
} from 'react-admin';
import { BookingStatusField, PaymentStatusField, bookingStatusChoices, paymentStatusChoices } from '../common/StatusChip.tsx';
import { currencyOptions, shortDate } from '../common/format.ts';
import { CancelBookingButton } from './CancelBookingButton.tsx';
import type { BookingRecord } from './types.ts';

const filters = [
  <SearchInput key="q" source="q" placeholder="Customer name or email" alwaysOn />,
  <ReferenceInput key="facilityId" source="facilityId" reference="facilities" alwaysOn>
    <AutocompleteInput label="Facility" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ width: 220 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={bookingStatusChoices} alwaysOn sx={{ width: 160 }} />,
  <DateInput key="dateFrom" source="dateFrom" label="From" alwaysOn />,
  <DateInput key="dateTo" source="dateTo" label="To" alwaysOn />,
  <SelectInput key="paymentStatus" source="paymentStatus" label="Payment" choices={paymentStatusChoices} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton />
  </TopToolbar>
);

/** CSV columns a venue can read: names and local times rather than nested objects. */
const exporter = (records: BookingRecord[]) => {
  const rows = records.map((b) => ({
    id: b.id,
    facility: b.facility.name,
    customer: b.user.name,
    email: b.user.email,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    amount: b.payableAmount,
    status: b.status,
    paymentStatus: b.paymentStatus,
    createdAt: b.createdAt,
  }));
  const header = Object.keys(rows[0] ?? { id: '' });
  const escape = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  downloadCSV([header.join(','), ...rows.map((r) => header.map((h) => escape(r[h as keyof typeof r])).join(','))].join('\n'), 'bookings');
};

export const BookingList = () => (
  <List filters={filters} actions={<Actions />} sort={{ field: 'date', order: 'DESC' }} perPage={25} exporter={exporter} title="Bookings">
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
              {r.user.email}
            </Typography>
          </Stack>
        )}
      />
      <FunctionField label="Date" sortBy="date" render={(r: BookingRecord) => shortDate(r.date)} />
      <FunctionField label="Time" render={(r: BookingRecord) => `${r.startTime}–${r.endTime}`} />
      <NumberField source="payableAmount" label="Amount" options={currencyOptions} />
      <BookingStatusField label="Status" sortBy="status" />
      <PaymentStatusField label="Payment" sortBy="paymentStatus" />
      <FunctionField
        label=""
        render={() => (
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
            <CancelBookingButton compact />
          </Stack>
        )}
      />
    </Datagrid>
  </List>
);
