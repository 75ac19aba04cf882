import { Chip } from '@mui/material';
import { CreateButton, Datagrid, ExportButton, FilterButton, FunctionField, List, SearchInput, SimpleList, TextField, TopToolbar } from 'react-admin';
import { money } from '../common/format.ts';
import { QuickFilter } from '../common/QuickFilter.tsx';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { bonusLifeText, offerText } from './pack-form.ts';
import type { CreditPackRecord } from './types.ts';

const filters = [
  <SearchInput key="q" source="q" placeholder="Name" alwaysOn />,
  <QuickFilter key="active" source="active" label="On sale" defaultValue={true} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="New credit pack" />
    <ExportButton />
  </TopToolbar>
);

const Sale = ({ active }: { active: boolean }) => <Chip size="small" color={active ? 'success' : 'default'} variant="outlined" label={active ? 'On sale' : 'Withdrawn'} />;

/** Credit packs: what the customer pays, the credit they get, the bonus and how long it lasts. */
export const CreditPackList = () => {
  const phone = useIsPhone();
  const rowClick = useCan('credit-packs', 'edit') ? 'edit' : false;
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'price', order: 'ASC' }} perPage={25} exporter={exporters['credit-packs']} title="Credit packs">
      {phone ? (
        <SimpleList<CreditPackRecord>
          rowClick={rowClick}
          primaryText={(r) => r.name}
          secondaryText={(r) => offerText(r)}
          tertiaryText={(r) => `${r.bonus > 0 ? `Bonus ${money(r.bonus)}, ${bonusLifeText(r).toLowerCase()}` : 'No bonus'}${r.active ? '' : ' · withdrawn'}`}
        />
      ) : (
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="name" />
          <FunctionField label="Price" sortBy="price" textAlign="right" render={(r: CreditPackRecord) => money(r.price)} />
          <FunctionField label="Credit" sortBy="credit" textAlign="right" render={(r: CreditPackRecord) => money(r.credit)} />
          <FunctionField label="Bonus" textAlign="right" render={(r: CreditPackRecord) => (r.bonus > 0 ? money(r.bonus) : '—')} />
          <FunctionField label="Bonus lasts" render={(r: CreditPackRecord) => bonusLifeText(r)} />
          <FunctionField label="Sale" sortBy="active" render={(r: CreditPackRecord) => <Sale active={r.active} />} />
        </Datagrid>
      )}
    </List>
  );
};
