import { Chip } from '@mui/material';
import { CreateButton, Datagrid, ExportButton, FunctionField, List, NumberField, SearchInput, SimpleList, TextField, TopToolbar } from 'react-admin';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { kindText } from './tier-form.ts';
import type { TierRecord } from './types.ts';

const filters = [<SearchInput key="q" source="q" placeholder="Name" alwaysOn />];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="New tier" />
    <ExportButton />
  </TopToolbar>
);

const customersText = (n: number) => `${n} customer${n === 1 ? '' : 's'}`;

/** Tiers: what each does and how many customers hold it; a customer's tier is set on their user record. Managers open one to change it. */
export const TierList = () => {
  const phone = useIsPhone();
  const rowClick = useCan('tiers', 'edit') ? 'edit' : false;
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={exporters.tiers} title="Tiers">
      {phone ? (
        <SimpleList<TierRecord> rowClick={rowClick} primaryText={(r) => r.name} secondaryText={(r) => kindText(r)} tertiaryText={(r) => customersText(r.customers)} />
      ) : (
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="name" />
          <FunctionField label="What it does" render={(r: TierRecord) => <Chip size="small" variant="outlined" label={kindText(r)} />} />
          <NumberField source="customers" label="Customers" />
        </Datagrid>
      )}
    </List>
  );
};
