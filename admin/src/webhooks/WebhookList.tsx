import { Chip, Stack } from '@mui/material';
import { CreateButton, Datagrid, ExportButton, FunctionField, List, SimpleList, TextField, TopToolbar } from 'react-admin';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { eventCount } from './webhook-form.ts';
import type { WebhookRecord } from './types.ts';

const Actions = () => (
  <TopToolbar>
    <CreateButton label="New endpoint" />
    <ExportButton />
  </TopToolbar>
);

const stateText = (r: WebhookRecord) => (r.disabled ? 'Disabled' : 'Enabled');
const backlogText = (r: WebhookRecord) => `${r.pending} waiting · ${r.failed} failed · ${r.delivered} delivered`;

/** Where the venue's other systems hear of bookings (README "Webhooks"); owners open one to see its secret and deliveries. */
export const WebhookList = () => {
  const phone = useIsPhone();
  return (
    <List actions={<Actions />} sort={{ field: 'createdAt', order: 'ASC' }} perPage={25} exporter={exporters.webhooks} title="Webhooks">
      {phone ? (
        <SimpleList<WebhookRecord> rowClick="edit" primaryText={(r) => r.url} secondaryText={(r) => `${stateText(r)} · ${eventCount(r.events)}`} tertiaryText={backlogText} />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="url" label="URL" sx={{ overflowWrap: 'anywhere' }} />
          <TextField source="description" />
          <FunctionField label="Events" render={(r: WebhookRecord) => <Chip size="small" variant="outlined" label={eventCount(r.events)} title={r.events.join(', ')} />} />
          <FunctionField label="State" render={(r: WebhookRecord) => <Chip size="small" color={r.disabled ? 'default' : 'success'} label={stateText(r)} />} />
          <FunctionField
            label="Deliveries"
            render={(r: WebhookRecord) => (
              <Stack direction="row" spacing={1}>
                {r.failed > 0 && <Chip size="small" color="error" label={`${r.failed} failed`} />}
                {r.pending > 0 && <Chip size="small" color="warning" label={`${r.pending} waiting`} />}
                <Chip size="small" variant="outlined" label={`${r.delivered} delivered`} />
              </Stack>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
};
