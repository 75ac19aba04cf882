import { useState } from 'react';
import { Box, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import RollIcon from '@mui/icons-material/AutorenewOutlined';
import ResendIcon from '@mui/icons-material/SendOutlined';
import {
  BooleanInput,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  FunctionField,
  Pagination,
  ReferenceManyField,
  SaveButton,
  SimpleForm,
  TextField,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { CopyField } from '../common/CopyField.tsx';
import { dateTime, failure } from '../common/format.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { WebhookInputs } from './WebhookInputs.tsx';
import { formErrors, toUpdateBody, type WebhookForm } from './webhook-form.ts';
import type { WebhookDeliveryRecord, WebhookRecord } from './types.ts';

const Title = () => {
  const record = useRecordContext<WebhookRecord>();
  return <>{record ? `Webhook: ${record.url}` : 'Webhook'}</>;
};

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithConfirmButton confirmTitle="Delete this endpoint?" confirmContent="Its deliveries and their history go with it; nothing more is sent there." />
  </Toolbar>
);

/** The secret the receiver checks `Courtside-Signature` with; rolling it stops the old one at once. */
const SecretCard = () => {
  const record = useRecordContext<WebhookRecord>();
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record?.secret) return null;
  const roll = (oldSecretHours: number) => async () => {
    try {
      await dataProvider.rollWebhookSecret(String(record.id), oldSecretHours);
      notify(oldSecretHours ? 'New secret made: give it to the receiver within a day.' : 'New secret made; the old one no longer signs.', { type: 'success' });
      refresh();
    } catch (error) {
      notify(failure('Could not roll the secret', error), { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 860 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Signing secret
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The receiver verifies each request's Courtside-Signature header with this secret (README "Webhooks" has the code).
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <CopyField label="Secret" value={record.secret} copyLabel="Copy secret" />
          <ConfirmButton
            label="Roll secret"
            icon={<RollIcon />}
            variant="outlined"
            title="Replace the signing secret?"
            content="For 24 hours each request is signed with both the new secret and the old one (two v1 values), so the receiver keeps working while it is given the new one."
            confirmLabel="Roll"
            run={roll(24)}
          />
          <ConfirmButton
            label="Roll now"
            variant="outlined"
            color="warning"
            title="Replace the signing secret at once?"
            content="For a secret that leaked: the old one stops signing now, and the receiver refuses every request until it has the new one."
            confirmLabel="Roll now"
            confirmColor="warning"
            run={roll(0)}
          />
        </Stack>
        {record.previousSecretUntil && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The previous secret also signs until {dateTime(record.previousSecretUntil)}.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
};

const STATE_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

const ResendButton = () => {
  const record = useRecordContext<WebhookDeliveryRecord>();
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const resend = async (e: React.MouseEvent) => {
    e.stopPropagation();
    setBusy(true);
    try {
      await dataProvider.resendWebhookDelivery(String(record.id));
      notify('Queued: it is sent again now, with the same event id.', { type: 'success' });
      refresh();
    } catch (error) {
      notify(failure('Could not resend', error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Chip icon={<ResendIcon />} label="Resend" size="small" variant="outlined" clickable disabled={busy} onClick={resend} />
  );
};

/** Each attempt of one delivery: when, what the receiver answered (or why nothing came back), how long it took. */
const Attempts = () => {
  const record = useRecordContext<WebhookDeliveryRecord>();
  if (!record) return null;
  if (record.attemptLog.length === 0) return <Typography variant="body2" sx={{ p: 2 }}>Not attempted yet.</Typography>;
  return (
    <Box sx={{ p: 1 }}>
      <Table size="small" aria-label="Attempts">
        <TableHead>
          <TableRow>
            <TableCell>At</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Error</TableCell>
            <TableCell align="right">Took</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.attemptLog.map((a) => (
            <TableRow key={a.at}>
              <TableCell>{dateTime(a.at)}</TableCell>
              <TableCell>{a.status ?? 'No answer'}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{a.error ?? ''}</TableCell>
              <TableCell align="right">{a.durationMs} ms</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** What was sent there and how it went; a row opens its attempts. */
const Deliveries = () => (
  <Card sx={{ mt: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        Deliveries
      </Typography>
      <ReferenceManyField reference="webhook-deliveries" target="endpointId" sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} pagination={<Pagination />}>
        <Datagrid bulkActionButtons={false} expand={<Attempts />} rowClick="expand" empty={<Typography variant="body2">Nothing sent yet.</Typography>}>
          <TextField source="type" label="Event" />
          <FunctionField label="Booking" render={(d: WebhookDeliveryRecord) => (d.bookingId ? <a href={`#/bookings/${d.bookingId}/show`} onClick={(e) => e.stopPropagation()}>{d.bookingId.slice(0, 8).toUpperCase()}</a> : '')} />
          <FunctionField label="Created" render={(d: WebhookDeliveryRecord) => dateTime(d.createdAt)} />
          <FunctionField label="State" render={(d: WebhookDeliveryRecord) => <Chip size="small" color={STATE_COLOR[d.state]} label={d.state} />} />
          <TextField source="attempts" />
          <FunctionField label="Last status" render={(d: WebhookDeliveryRecord) => d.lastStatus ?? (d.attempts > 0 ? 'No answer' : '')} />
          <FunctionField label="Next attempt" render={(d: WebhookDeliveryRecord) => (d.nextAttemptAt ? dateTime(d.nextAttemptAt) : '')} />
          <ResendButton />
        </Datagrid>
      </ReferenceManyField>
    </CardContent>
  </Card>
);

/** The endpoint page: its settings, its secret, and its deliveries with each attempt. */
export const WebhookEdit = () => (
  <Edit title={<Title />} mutationMode="pessimistic" transform={(data: WebhookForm) => toUpdateBody(data)}>
    <SimpleForm toolbar={<EditToolbar />} validate={(values) => formErrors(values as WebhookForm)} sx={{ maxWidth: 860 }}>
      <WebhookInputs />
      <BooleanInput source="disabled" label="Disabled (events wait until it is enabled again)" />
    </SimpleForm>
    <Box sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
      <SecretCard />
      <Deliveries />
    </Box>
  </Edit>
);
