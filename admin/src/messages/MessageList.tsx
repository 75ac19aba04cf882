import { Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, TextField } from 'react-admin';

type MessageRecord = { id: string; name: string; email: string; subject: string; message: string; createdAt: string };

const filters = [<SearchInput key="q" source="q" placeholder="Search messages" alwaysOn />];

export const MessageList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} title="Messages">
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
  </List>
);
