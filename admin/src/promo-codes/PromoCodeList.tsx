import { Chip, Stack, Typography } from '@mui/material';
import { CreateButton, Datagrid, ExportButton, FilterButton, FunctionField, List, SearchInput, SimpleList, TextField, TopToolbar } from 'react-admin';
import { QuickFilter } from '../common/QuickFilter.tsx';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { discountText, limitsText, usesText, validityText } from './promo-text.ts';
import type { PromoCodeRecord } from './types.ts';

const filters = [
  <SearchInput key="q" source="q" placeholder="Code" alwaysOn />,
  <QuickFilter key="current" source="current" label="Not expired" defaultValue={true} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="New promo code" />
    <ExportButton />
  </TopToolbar>
);

/** Promo codes with what each takes off, when it is valid and how often it has been used (paid or being paid). */
export const PromoCodeList = () => {
  const phone = useIsPhone();
  const rowClick = useCan('promo-codes', 'edit') ? 'edit' : false;
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters['promo-codes']} title="Promo codes">
      {phone ? (
        <SimpleList<PromoCodeRecord>
          rowClick={rowClick}
          primaryText={(r) => r.code}
          secondaryText={(r) => `${discountText(r)} · ${validityText(r)}`}
          tertiaryText={(r) => `Used ${usesText(r)}`}
        />
      ) : (
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }} />
          <FunctionField label="Discount" render={(r: PromoCodeRecord) => <Chip size="small" variant="outlined" label={discountText(r)} />} />
          <FunctionField label="Valid" sortBy="validTo" render={(r: PromoCodeRecord) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{validityText(r)}</Typography>} />
          <FunctionField label="Limits" render={(r: PromoCodeRecord) => <Typography variant="body2" color="text.secondary">{limitsText(r)}</Typography>} />
          <FunctionField
            label="Uses / max"
            sortBy="uses"
            render={(r: PromoCodeRecord) => (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Typography variant="body2">{usesText(r)}</Typography>
                {r.maxUses !== null && r.uses >= r.maxUses && <Chip size="small" color="warning" label="Used up" />}
              </Stack>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
};
