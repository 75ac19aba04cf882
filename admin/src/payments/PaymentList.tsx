import { Box, Typography } from '@mui/material';
import { Datagrid, ExportButton, FilterButton, FunctionField, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { OrderStatus, orderStatusChoices } from '../common/StatusChip.tsx';
import { QuickFilter } from '../common/QuickFilter.tsx';
import { money, shortDateTime } from '../common/format.ts';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { AmountCell, CustomerCell, FlagMarker, ForCell, PaymentStateChips, RefundCell, bookingsSummary, providerLabel } from './PaymentFields.tsx';
import { paymentKindLabel } from './kinds.ts';
import { hasOpenFlag, type PaymentRecord } from './types.ts';

const providerChoices = ['sandbox', 'stripe', 'desk', 'free'].map((id) => ({ id, name: providerLabel(id) }));

/** On a phone only the search stays open; the rest wait behind "Add filter". */
const filters = (phone: boolean) => [
  <SearchInput key="q" source="q" placeholder="Customer name or email" alwaysOn />,
  <SelectInput key="status" source="status" choices={orderStatusChoices} alwaysOn={!phone} sx={{ width: 180 }} />,
  <SelectInput key="provider" source="provider" choices={providerChoices} alwaysOn={!phone} sx={{ width: 150 }} />,
  <QuickFilter key="flagged" source="flagged" label="Flagged for staff" defaultValue={true} />,
  <QuickFilter key="toCollect" source="toCollect" label="To refund at the desk" defaultValue={true} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton />
  </TopToolbar>
);

/** Orders with an open flag stand out in the grid as well as by their marker. */
const rowSx = (p: PaymentRecord) => (hasOpenFlag(p) ? { bgcolor: 'rgba(154, 91, 0, 0.07)' /* the theme's warning, faint */ } : {});

const PhoneList = () => (
  <SimpleList<PaymentRecord>
    rowClick="show"
    rowSx={rowSx}
    primaryText={(p) => (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {p.user.name}
        <FlagMarker record={p} />
      </Box>
    )}
    tertiaryText={(p) => (p.promoCode ? `${money(p.amount)} (${p.promoCode})` : money(p.amount))}
    secondaryText={(p) => (
      <>
        {shortDateTime(p.createdAt)} · {paymentKindLabel(p.kind)} · {providerLabel(p.provider)} · {bookingsSummary(p)}
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          <PaymentStateChips record={p} />
        </Box>
      </>
    )}
  />
);

const DesktopGrid = () => (
  <Datagrid rowClick="show" bulkActionButtons={false} rowSx={rowSx}>
    <FunctionField label={<ScreenReaderText>Flag</ScreenReaderText>} sortable={false} render={(p: PaymentRecord) => <FlagMarker record={p} />} />
    <FunctionField label="Created" sortBy="createdAt" render={(p: PaymentRecord) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{shortDateTime(p.createdAt)}</Typography>} />
    <FunctionField label="Paid by" sortable={false} render={(p: PaymentRecord) => <CustomerCell record={p} />} />
    <FunctionField label="For" sortable={false} render={(p: PaymentRecord) => <ForCell record={p} />} />
    <FunctionField label="Kind" sortable={false} render={(p: PaymentRecord) => paymentKindLabel(p.kind)} />
    <FunctionField label="Provider" sortable={false} render={(p: PaymentRecord) => providerLabel(p.provider)} />
    <FunctionField label="Status" sortBy="status" render={(p: PaymentRecord) => <OrderStatus value={p.status} />} />
    <FunctionField label="Amount" sortBy="amount" textAlign="right" render={(p: PaymentRecord) => <AmountCell record={p} />} />
    <FunctionField label="Refunded" sortable={false} render={(p: PaymentRecord) => <RefundCell record={p} />} />
  </Datagrid>
);

export const PaymentList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters(phone)} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters.payments} title="Payments">
      {phone ? <PhoneList /> : <DesktopGrid />}
    </List>
  );
};
