import { Chip, Stack, Typography } from '@mui/material';
import { CreateButton, Datagrid, ExportButton, FilterButton, FunctionField, Link, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { mediumDate, money, shortDateTime } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { viewersToday } from '../day-view/dates.ts';
import { exporters } from '../exports.ts';
import { hintText, originText, voucherState } from './voucher-text.ts';
import type { VoucherRecord } from './types.ts';

const filters = [
  <SearchInput key="q" source="q" placeholder="Last 4 of the code" alwaysOn />,
  <SelectInput
    key="redeemed"
    source="redeemed"
    label="Redeemed"
    choices={[
      { id: 'false', name: 'Not yet' },
      { id: 'true', name: 'Redeemed' },
    ]}
  />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    {useCan('vouchers', 'create') && <CreateButton label="New voucher" />}
    <ExportButton />
  </TopToolbar>
);

const StateChip = ({ record }: { record: VoucherRecord }) => {
  const state = voucherState(record, viewersToday());
  if (state === 'redeemed') return <Chip size="small" color="default" label="Redeemed" />;
  if (state === 'expired') return <Chip size="small" color="warning" variant="outlined" label="Expired" />;
  return <Chip size="small" color="success" variant="outlined" label="Not redeemed" />;
};

const expiryText = (r: VoucherRecord) => (r.expiresAt ? `Until ${mediumDate(r.expiresAt)}` : 'No expiry');
const redeemedText = (r: VoucherRecord) => (r.redeemedAt ? `${r.redeemedByName ?? 'A customer'}, ${shortDateTime(r.redeemedAt)}` : '—');

const Origin = ({ record }: { record: VoucherRecord }) =>
  record.orderId ? (
    <Link to={`/payments/${record.orderId}/show`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
      Bought online
    </Link>
  ) : (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{record.createdByName ?? 'Staff'}</Typography>
  );

/** Gift vouchers by the last four characters of their codes (the codes themselves were shown once): value, expiry, origin and who redeemed them. */
export const VoucherList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters.vouchers} title="Gift vouchers">
      {phone ? (
        <SimpleList<VoucherRecord>
          rowClick={false}
          primaryText={(r) => `${hintText(r)} · ${money(r.value)}`}
          secondaryText={(r) => `${expiryText(r)} · ${originText(r)}${r.recipientEmail ? ` for ${r.recipientEmail}` : ''}`}
          tertiaryText={(r) => (r.redeemedAt ? `Redeemed by ${redeemedText(r)}` : voucherState(r, viewersToday()) === 'expired' ? 'Expired' : 'Not redeemed')}
        />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <FunctionField label="Code" sortBy="codeHint" render={(r: VoucherRecord) => <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>{hintText(r)}</Typography>} />
          <FunctionField label="Value" sortBy="value" render={(r: VoucherRecord) => money(r.value)} />
          <FunctionField label="Expiry" sortBy="expiresAt" render={(r: VoucherRecord) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{expiryText(r)}</Typography>} />
          <FunctionField label="Made by / bought" render={(r: VoucherRecord) => <Origin record={r} />} />
          <FunctionField label="Recipient" render={(r: VoucherRecord) => r.recipientEmail ?? '—'} />
          <FunctionField
            label="Redeemed"
            sortBy="redeemedAt"
            render={(r: VoucherRecord) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <StateChip record={r} />
                {r.redeemedAt && <Typography variant="body2" color="text.secondary">{redeemedText(r)}</Typography>}
              </Stack>
            )}
          />
          <FunctionField label="Made" sortBy="createdAt" render={(r: VoucherRecord) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{shortDateTime(r.createdAt)}</Typography>} />
        </Datagrid>
      )}
    </List>
  );
};
