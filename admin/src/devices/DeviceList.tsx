import { useMemo } from 'react';
import { Chip, Typography } from '@mui/material';
import { CreateButton, Datagrid, ExportButton, FunctionField, List, SimpleList, TextField, TopToolbar } from 'react-admin';
import { exporters } from '../exports.ts';
import { dateTime } from '../common/format.ts';
import { RevokeButton } from './RevokeButton.tsx';
import { useCan } from '../common/useCan.ts';
import { useFacilities } from '../common/useFacilities.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { QuickFilter } from '../common/QuickFilter.tsx';
import { deviceState, facilitiesText } from './device-text.ts';
import type { DeviceRecord } from './types.ts';

const filters = [<QuickFilter key="revoked" source="revoked" label="Revoked" defaultValue={true} />];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="New device" />
    <ExportButton />
  </TopToolbar>
);

const StateChip = ({ record }: { record: DeviceRecord }) => {
  const state = deviceState(record);
  if (state === 'revoked') return <Chip size="small" color="default" label={`Revoked ${dateTime(record.revokedAt)}`} />;
  return <Chip size="small" variant="outlined" color={state === 'active' ? 'success' : 'default'} label={state === 'active' ? 'Active' : 'Not used yet'} />;
};

/** Door keypads, gates and kiosks: what each opens, when it last asked, and a way to revoke it. */
export const DeviceList = () => {
  const phone = useIsPhone();
  const { data: facilities } = useFacilities();
  const names = useMemo(() => new Map((facilities ?? []).map((f) => [String(f.id), f.name])), [facilities]);
  const rowClick = useCan('devices', 'edit') ? 'edit' : false;
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters.devices} title="Devices">
      {phone ? (
        <SimpleList<DeviceRecord>
          rowClick={rowClick}
          primaryText={(r) => r.name}
          secondaryText={(r) => facilitiesText(r, names)}
          tertiaryText={(r) => (r.revokedAt ? 'Revoked' : r.lastSeenAt ? `Last seen ${dateTime(r.lastSeenAt)}` : 'Not used yet')}
        />
      ) : (
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="name" />
          <FunctionField label="Opens" render={(r: DeviceRecord) => <Typography variant="body2">{facilitiesText(r, names)}</Typography>} />
          <FunctionField label="Last seen" sortBy="lastSeenAt" render={(r: DeviceRecord) => (r.lastSeenAt ? dateTime(r.lastSeenAt) : '—')} />
          <FunctionField label="State" render={(r: DeviceRecord) => <StateChip record={r} />} />
          <RevokeButton />
        </Datagrid>
      )}
    </List>
  );
};
