import { Box, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, NumberField, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { EmailState, emailStateChoices } from '../common/StatusChip.tsx';
import { shortDateTime } from '../common/format.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { Address, StateCell, WhenCell } from './EmailFields.tsx';
import { emailKindChoices, kindLabel } from './kinds.ts';
import type { EmailRecord } from './types.ts';

/** On a phone only the search stays open; kind and state wait behind "Add filter". */
const filters = (phone: boolean) => [
  <SearchInput key="q" source="q" placeholder="Recipient or subject" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={emailKindChoices} alwaysOn={!phone} sx={{ width: 230 }} />,
  <SelectInput key="state" source="state" choices={emailStateChoices} alwaysOn={!phone} sx={{ width: 150 }} />,
];

/** One message per line on a phone: subject and when, then to whom and what, then its state. */
const PhoneList = () => (
  <SimpleList<EmailRecord>
    rowClick="show"
    primaryText={(e) => e.subject}
    tertiaryText={(e) => shortDateTime(e.createdAt)}
    secondaryText={(e) => (
      <>
        <Address email={e.recipient} /> · {kindLabel(e.kind)}
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          <EmailState value={e.state} />
        </Box>
      </>
    )}
  />
);

const DesktopGrid = () => (
  <Datagrid rowClick="show" bulkActionButtons={false}>
    <FunctionField label="Created" sortBy="createdAt" render={(e: EmailRecord) => <WhenCell iso={e.createdAt} />} />
    <FunctionField label="Recipient" sortBy="recipient" render={(e: EmailRecord) => <Address email={e.recipient} />} />
    <FunctionField label="Subject" sortBy="subject" render={(e: EmailRecord) => <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 180 }}>{e.subject}</Typography>} />
    <FunctionField label="Kind" sortBy="kind" render={(e: EmailRecord) => kindLabel(e.kind)} />
    <FunctionField label="State" sortBy="state" render={(e: EmailRecord) => <StateCell record={e} />} />
    <NumberField source="attempts" />
    <FunctionField label="Sent" sortBy="sentAt" render={(e: EmailRecord) => <WhenCell iso={e.sentAt} />} />
  </Datagrid>
);

export const EmailList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters(phone)} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters.emails} title="Emails">
      {phone ? <PhoneList /> : <DesktopGrid />}
    </List>
  );
};
