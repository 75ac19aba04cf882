import type { ReactNode } from 'react';
import { Box, Card, CardContent, Divider, Grid, Stack, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext, Link } from 'react-admin';
import { BookingStatus, PaymentStatus } from '../common/StatusChip.tsx';
import { longDate, money } from '../common/format.ts';
import { CancelBookingButton } from './CancelBookingButton.tsx';
import type { BookingRecord } from './types.ts';

const Actions = () => (
  <TopToolbar>
    <ListButton label="All bookings" />
    <CancelBookingButton variant="outlined" />
  </TopToolbar>
);

const Title = () => {
  const r = useRecordContext<BookingRecord>();
  return <>{r ? `Booking: ${r.facility.name}, ${r.date}` : 'Booking'}</>;
};

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.6 }}>
      {label}
    </Typography>
    <Box sx={{ mt: 0.25 }}>{children}</Box>
  </Box>
);

const Details = () => {
  const r = useRecordContext<BookingRecord>();
  if (!r) return null;
  return (
    <CardContent sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <BookingStatus value={r.status} />
        <PaymentStatus value={r.paymentStatus} />
      </Stack>
      <Typography variant="h5" component="h2">
        {r.facility.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {longDate(r.date)} · {r.startTime}–{r.endTime}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Item label="Customer">
            <Typography>{r.user.name}</Typography>
            <Typography variant="body2">
              <a href={`mailto:${r.user.email}`}>{r.user.email}</a>
            </Typography>
          </Item>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Item label="Facility">
            <Typography>
              <Link to={`/facilities/${r.facility._id}`}>{r.facility.name}</Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {r.facility.location} · {money(r.facility.pricePerHour)}/hour
            </Typography>
          </Item>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Item label="Amount">
            <Typography variant="h6">{money(r.payableAmount)}</Typography>
          </Item>
        </Grid>
      </Grid>
      <Divider sx={{ my: 3 }} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Item label="Booked on">
            <Typography variant="body2">{new Date(r.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</Typography>
          </Item>
        </Grid>
        {r.holdExpiresAt && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Item label="Hold expires">
              <Typography variant="body2">{new Date(r.holdExpiresAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</Typography>
            </Item>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Item label="Reference">
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {r.id}
            </Typography>
          </Item>
        </Grid>
      </Grid>
    </CardContent>
  );
};

export const BookingShow = () => (
  <Show actions={<Actions />} title={<Title />} component={Card}>
    <Details />
  </Show>
);
