import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, List as MuiList, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { EditButton, Show, TopToolbar, useGetList, useGetOne, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffNoteDto } from '@courtside/contracts';
import { dateTime, failure, money, shortDate, shortDateTime, timeRange } from '../common/format.ts';
import { BookingStatus, OrderStatus, PaymentStatus } from '../common/StatusChip.tsx';
import { emailText } from '../common/mailto.ts';
import { useCan } from '../common/useCan.ts';
import { httpClient } from '../dataProvider.ts';
import type { BookingRecord } from '../bookings/types.ts';
import type { PaymentRecord } from '../payments/types.ts';
import { roleChip } from './roles.ts';
import { splitBookings } from './customer-page.ts';
import type { UserRecord } from './types.ts';
import { CustomerAttendance } from '../attendance/CustomerAttendance.tsx';
import { WalletPanel } from './WalletPanel.tsx';

const Title = () => {
  const record = useRecordContext<UserRecord>();
  return <>{record ? record.name : 'Customer'}</>;
};

const Actions = () => (
  <TopToolbar>
    <EditButton />
  </TopToolbar>
);

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const Nothing = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

const TierLine = ({ record }: { record: UserRecord }) => {
  const { data: tier } = useGetOne<{ id: string; name: string }>('tiers', { id: record.tierId ?? '' }, { enabled: Boolean(record.tierId) });
  if (!record.tierId) return <>None</>;
  return (
    <>
      {tier?.name ?? '…'}
      {record.tierExpiresAt ? ` until ${shortDateTime(record.tierExpiresAt)}` : ''}
    </>
  );
};

const Details = ({ record }: { record: UserRecord }) => (
  <Section title="Contact">
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="p">
          {record.name}
        </Typography>
        <Chip size="small" {...roleChip(record.role)} />
      </Stack>
      <Typography variant="body2">Email: {emailText(record.email)}</Typography>
      <Typography variant="body2">Phone: {record.phone || '—'}</Typography>
      <Typography variant="body2">
        Tier: <TierLine record={record} />
      </Typography>
    </Stack>
  </Section>
);

const BookingLines = ({ bookings, empty }: { bookings: BookingRecord[]; empty: string }) => {
  const redirect = useRedirect();
  if (bookings.length === 0) return <Nothing text={empty} />;
  return (
    <MuiList dense disablePadding>
      {bookings.map((b) => (
        <ListItemButton key={b.id} onClick={() => redirect('show', 'bookings', b.id)}>
          <ListItemText
            primary={`${shortDate(b.date)} · ${timeRange(b.startTime, b.endTime)} · ${b.facility.name}`}
            secondary={
              <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
                <BookingStatus value={b.status} short />
                <PaymentStatus value={b.paymentStatus} />
                <span>{money(b.payableAmount)}</span>
              </Box>
            }
            slotProps={{ secondary: { component: 'span' } }}
          />
        </ListItemButton>
      ))}
    </MuiList>
  );
};

const Bookings = ({ userId }: { userId: string }) => {
  const { data = [], isPending } = useGetList<BookingRecord>('bookings', { filter: { userId }, sort: { field: 'date', order: 'DESC' }, pagination: { page: 1, perPage: 100 } });
  const { upcoming, past } = splitBookings(data, new Date());
  return (
    <>
      <Section title="Upcoming bookings">{isPending ? <Nothing text="Loading…" /> : <BookingLines bookings={upcoming} empty="No upcoming bookings" />}</Section>
      <Section title="Past bookings">{isPending ? <Nothing text="Loading…" /> : <BookingLines bookings={past.slice(0, 20)} empty="No past bookings" />}</Section>
    </>
  );
};

const Payments = ({ userId }: { userId: string }) => {
  const redirect = useRedirect();
  const { data = [], isPending } = useGetList<PaymentRecord & { id: string }>('payments', { filter: { userId }, sort: { field: 'createdAt', order: 'DESC' }, pagination: { page: 1, perPage: 25 } });
  return (
    <Section title="Payments and refunds">
      {isPending ? (
        <Nothing text="Loading…" />
      ) : data.length === 0 ? (
        <Nothing text="No payments" />
      ) : (
        <MuiList dense disablePadding>
          {data.map((p) => (
            <ListItemButton key={p.id} onClick={() => redirect('show', 'payments', p.id)}>
              <ListItemText
                primary={`${money(p.amount)} · ${shortDateTime(p.createdAt)}`}
                secondary={
                  <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
                    <OrderStatus value={p.status} />
                    {p.refundedAmount > 0 && <span>Refunded {money(p.refundedAmount)}</span>}
                  </Box>
                }
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItemButton>
          ))}
        </MuiList>
      )}
    </Section>
  );
};

const Notes = ({ userId }: { userId: string }) => {
  const allowed = useCan('users', 'notes');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const key = ['users', userId, 'notes'];
  const { data: notes = [], isPending } = useQuery({
    queryKey: key,
    enabled: allowed,
    queryFn: async () => (await httpClient(`/api/admin/users/${encodeURIComponent(userId)}/notes`)).json as StaffNoteDto[],
  });
  if (!allowed) return null;
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) return setProblem('Write the note first');
    setBusy(true);
    try {
      await httpClient(`/api/admin/users/${encodeURIComponent(userId)}/notes`, { method: 'POST', body: JSON.stringify({ text: text.trim() }) });
      setText('');
      setProblem(undefined);
      notify('Note added', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      setProblem(failure('The note was not added', error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Staff notes">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Only staff see these notes.
      </Typography>
      <Box component="form" onSubmit={(e: FormEvent) => void add(e)} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
        <TextField
          label="Add a note"
          size="small"
          multiline
          fullWidth
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(undefined);
          }}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Add
        </Button>
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {isPending ? (
        <Nothing text="Loading…" />
      ) : notes.length === 0 ? (
        <Nothing text="No notes yet" />
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {notes.map((n) => (
            <li key={n.id}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {n.text}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {n.authorName} · {dateTime(n.createdAt)}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
};

const CustomerPage = () => {
  const record = useRecordContext<UserRecord>();
  if (!record) return null;
  const id = String(record.id);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start', p: { xs: 1, sm: 2 } }}>
      <Details record={record} />
      <Notes userId={id} />
      <WalletPanel userId={id} />
      <CustomerAttendance userId={id} />
      <Bookings userId={id} />
      <Payments userId={id} />
    </Box>
  );
};

/** A customer's page: contacts, tier, staff notes, wallet, bookings to come and past, and payments. */
export const UserShow = () => (
  <Show title={<Title />} actions={<Actions />} component="div">
    <CustomerPage />
  </Show>
);
