import { Box, Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SimpleList, TextField } from 'react-admin';
import { shortDateTime } from '../common/format.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import type { MessageRecord } from './types.ts';

const filters = [<SearchInput key="q" source="q" placeholder="Search messages" alwaysOn />];

/** One message per line on a phone: subject and when, then who and how it starts. */
const PhoneList = () => (
  <SimpleList<MessageRecord>
    rowClick="show"
    primaryText={(r) => r.subject}
    tertiaryText={(r) => shortDateTime(r.createdAt)}
    secondaryText={(r) => (
      <>
        {r.name} · {r.email}
        {/* Two lines at most; wrapped text, unlike a nowrap ellipsis, never widens the page. */}
        <Box component="span" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}>
          {r.message}
        </Box>
      </>
    )}
  />
);

const DesktopGrid = () => (
  <Datagrid rowClick="show" bulkActionButtons={false}>
    <DateField source="createdAt" label="Received" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} />
    <TextField source="name" label="From" />
    <TextField source="email" />
    <TextField source="subject" />
    <FunctionField
      label="Message"
      render={(r: MessageRecord) => (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 360, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {r.message}
        </Typography>
      )}
    />
  </Datagrid>
);

export const MessageList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters.messages} title="Messages">
      {phone ? <PhoneList /> : <DesktopGrid />}
    </List>
  );
};
