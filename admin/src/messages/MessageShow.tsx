import { Button, CardContent, Divider, Stack, Typography } from '@mui/material';
import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import { DeleteButton, ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { mailto } from '../common/mailto.ts';
import type { MessageRecord } from './types.ts';
import { dateTime } from '../common/format.ts';

const Reply = () => {
  const r = useRecordContext<MessageRecord>();
  if (!r) return null;
  return (
    <Button size="small" startIcon={<ReplyIcon />} href={mailto(r.email, `Re: ${r.subject}`)}>
      Reply by email
    </Button>
  );
};

/** Delete (managers and owners: react-admin's DeleteButton asks canAccess) asks first, then goes back to the inbox. */
const Actions = () => (
  <TopToolbar>
    <ListButton label="Inbox" />
    <Reply />
    <DeleteButton mutationMode="pessimistic" confirmTitle="Delete this message?" confirmContent="It leaves the inbox for good." />
  </TopToolbar>
);

const Body = () => {
  const r = useRecordContext<MessageRecord>();
  if (!r) return null;
  return (
    <CardContent sx={{ p: 3 }}>
      <Typography variant="h5" component="h2">
        {r.subject}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ color: 'text.secondary', mt: 0.5 }}>
        <Typography variant="body2">
          From <strong>{r.name}</strong> &lt;{r.email}&gt;
        </Typography>
        <Typography variant="body2">· {dateTime(r.createdAt)}</Typography>
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Typography sx={{ whiteSpace: 'pre-wrap', maxWidth: 720 }}>{r.message}</Typography>
    </CardContent>
  );
};

export const MessageShow = () => (
  <Show actions={<Actions />} title="Message">
    <Body />
  </Show>
);
