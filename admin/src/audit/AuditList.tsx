import { Chip, Typography } from '@mui/material';
import { Datagrid, ExportButton, FunctionField, List, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { shortDateTime } from '../common/format.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { WhenCell } from '../emails/EmailFields.tsx';
import { exporters } from '../exports.ts';
import { actionChoices, actionColor, actionLabel } from './audit-text.ts';
import type { AuditRecord } from './types.ts';

const filters = [<SelectInput key="action" source="action" label="What" choices={actionChoices} alwaysOn sx={{ width: 200 }} />];

const Actions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

const ActionChip = ({ action }: { action: string }) => <Chip size="small" variant="outlined" color={actionColor(action)} label={actionLabel(action)} />;

/** One entry per line on a phone: the sentence, then who and when. */
const PhoneList = () => (
  <SimpleList<AuditRecord>
    rowClick={false}
    primaryText={(e) => e.summary}
    secondaryText={(e) => `${e.actorName} · ${actionLabel(e.action)}`}
    tertiaryText={(e) => shortDateTime(e.at)}
  />
);

const DesktopGrid = () => (
  <Datagrid bulkActionButtons={false} rowClick={false}>
    <FunctionField label="When" sortBy="at" render={(e: AuditRecord) => <WhenCell iso={e.at} />} />
    <FunctionField label="Who" sortable={false} render={(e: AuditRecord) => <Typography variant="body2" sx={{ fontWeight: 600 }}>{e.actorName}</Typography>} />
    <FunctionField label="What" sortable={false} render={(e: AuditRecord) => <ActionChip action={e.action} />} />
    <FunctionField label="Summary" sortable={false} render={(e: AuditRecord) => <Typography variant="body2" sx={{ maxWidth: 560, overflowWrap: 'anywhere' }}>{e.summary}</Typography>} />
  </Datagrid>
);

/** Who did what with money, prices, policies and people, newest first: the owner's record of the venue's staff. */
export const AuditList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'at', order: 'DESC' }} perPage={25} exporter={exporters.audit} title="Audit log">
      {phone ? <PhoneList /> : <DesktopGrid />}
    </List>
  );
};
