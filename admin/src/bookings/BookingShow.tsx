import { Suspense } from 'react';
import { Alert, Card, CardContent, Divider, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ListButton, Show, TopToolbar, useDataProvider, useRecordContext, Link } from 'react-admin';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { DeskRefundLines } from '../payments/DeskRefundLines.tsx';
import { BookingStatus, PaymentStatusField } from '../common/StatusChip.tsx';
import { paymentsOf } from '../payments/links.ts';
import { Fact } from '../common/Fact.tsx';
import { balanceText, priceNow } from './price-change.ts';
import { clockTime, dateTime, longDate, money, shortDate, timeRange } from '../common/format.ts';
import { CustomerFact } from '../common/CustomerFact.tsx';
import { useCan } from '../common/useCan.ts';
import { CancelBookingButton } from './CancelBookingButton.tsx';
import { MarkPaidButton } from './MarkPaidButton.tsx';
import { CheckInButton } from '../attendance/CheckInButton.tsx';
import { attendanceLine, checkInTime } from '../attendance/attendance-text.ts';
import { MoveBookingButton } from './MoveBookingButton.tsx';
import { SettleBalanceButtons } from './SettleBalanceButtons.tsx';
import type { BookingRecord } from './types.ts';
import { lazyScreen } from '../common/lazyScreen.ts';
import { doorOpensLine, toLocal } from '@courtside/domain';

// Its code arrives after the booking's own details are drawn.
const PlayersSection = lazyScreen(() => import('./PlayersSection.tsx'), 'PlayersSection');

const Actions = () => {
  const r = useRecordContext<BookingRecord>();
  return (
    // Wraps on a phone: a booking with a balance has up to five actions.
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 1 }}>
      <ListButton label="All bookings" />
      {r && (
        <>
          <MoveBookingButton id={r.id} at={{ facilityId: r.facility._id, date: r.date, startTime: r.startTime, endTime: r.endTime }} who={`${r.user.name}, ${r.facility.name}`} status={r.status} variant="outlined" />
          <CheckInButton booking={{ id: r.id, status: r.status, attendance: r.attendance, customerName: r.user.name }} />
          <MarkPaidButton booking={{ ...r, customerName: r.user.name }} variant="outlined" />
          <SettleBalanceButtons booking={{ ...r, customerName: r.user.name }} />
        </>
      )}
      <CancelBookingButton variant="outlined" />
    </TopToolbar>
  );
};

const Title = () => {
  const r = useRecordContext<BookingRecord>();
  return <>{r ? `Booking: ${r.facility.name}, ${shortDate(r.date)}` : 'Booking'}</>;
};

/** What happened to the money, in one line: a booking is refunded what was paid for it (after any promo code). */
const refundLine = (r: BookingRecord) =>
  ({
    none: '',
    pending: `Refund of ${money(r.paidAmount ?? r.payableAmount)} on its way`,
    refunded: `${money(r.refundedAmount)} refunded`,
    failed: 'The refund failed; it is being retried',
    to_collect: `${money(r.paidAmount ?? r.payableAmount)} to hand back at the desk`,
  })[r.refundState];

/** The booking's desk money still to hand back: a to-do at the top of the page, with its action, until recorded done. */
const DeskRefundToDo = ({ bookingId }: { bookingId: string }) => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const { data } = useQuery({ queryKey: ['courtside', 'desk-refunds', bookingId], queryFn: () => dataProvider.getDeskRefunds({ bookingId }) });
  if (!data || data.length === 0) return null;
  return (
    <Alert severity="error" icon={false} sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }} data-testid="booking-desk-refunds">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        To do: it was paid at the desk
      </Typography>
      <DeskRefundLines refunds={data} showBooking={false} />
    </Alert>
  );
};

const Details = () => {
  const r = useRecordContext<BookingRecord>();
  // The facility's page is its edit form: a manager's; the desk reads its name.
  const facilityLink = useCan('facilities', 'edit');
  if (!r) return null;
  return (
    <CardContent sx={{ p: 3 }}>
      {r.refundState === 'to_collect' && <DeskRefundToDo bookingId={r.id} />}
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <BookingStatus value={r.status} />
        <PaymentStatusField />
      </Stack>
      <Typography variant="h5" component="h2">
        {r.facility.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {longDate(r.date)} · {timeRange(r.startTime, r.endTime)}
        {r.playEndTime !== r.endTime && ` · play until ${clockTime(r.playEndTime)} (${r.playMinutes} min), then changeover`}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CustomerFact name={r.user.name} email={r.user.email} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Fact label="Facility">
            <Typography>
              {facilityLink ? <Link to={`/facilities/${r.facility._id}`}>{r.facility.name}</Link> : r.facility.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {r.facility.location} · {money(r.facility.pricePerHour)}/hour
            </Typography>
          </Fact>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Fact label="Amount">
            <Typography variant="h6" component="p">{money(priceNow(r))}</Typography>
            {r.paidAmount !== null && r.split && (
              <Typography variant="body2">Cost split: the organizer paid {money(r.paidAmount)} (the players' shares are below)</Typography>
            )}
            {r.paidAmount !== null && !r.split && r.paidAmount !== r.payableAmount && r.balance === 0 && (
              <Typography variant="body2">Paid {money(r.paidAmount)} after a promo code</Typography>
            )}
            {balanceText(r.balance, money) && (
              <Typography variant="body2" color="warning.main">
                Paid {money(r.paidAmount ?? r.payableAmount)}; balance: {balanceText(r.balance, money)}
              </Typography>
            )}
            {r.refundState !== 'none' && (
              <Typography variant="body2" color={r.refundState === 'failed' ? 'error' : 'text.secondary'}>
                {refundLine(r)}
              </Typography>
            )}
            <Typography variant="body2">
              <Link to={paymentsOf(r.user.email)}>Payments by this customer</Link>
            </Typography>
          </Fact>
        </Grid>
      </Grid>
      <Divider sx={{ my: 3 }} />
      <Grid container spacing={3}>
        {r.status === 'confirmed' && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Fact label="Attendance">
              <Typography variant="body2" data-testid="booking-attendance">
                {attendanceLine(r, checkInTime)}
              </Typography>
            </Fact>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Fact label="Booked on">
            <Typography variant="body2">{dateTime(r.createdAt)}</Typography>
          </Fact>
        </Grid>
        {r.holdExpiresAt && r.status === 'pending' && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Fact label="Hold expires">
              <Typography variant="body2">{dateTime(r.holdExpiresAt)}</Typography>
            </Fact>
          </Grid>
        )}
        {r.accessCode && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <DoorCodeFact code={r.accessCode} opensAt={r.accessOpensAt} endTime={r.endTime} timeZone={r.facility.timezone} />
          </Grid>
        )}
        {r.seriesId && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Fact label="Weekly series">
              <Typography variant="body2">
                <Link to={`/series/${r.seriesId}/show`}>One date of a weekly series</Link>
              </Typography>
            </Fact>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Fact label="Reference">
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {r.id}
            </Typography>
          </Fact>
        </Grid>
      </Grid>
      <Suspense fallback={null}>
        <PlayersSection bookingId={r.id} timeZone={r.facility.timezone} />
      </Suspense>
    </CardContent>
  );
};

/** The booking's door code, as staff always see it while it is confirmed, with when it opens the gate. */
const DoorCodeFact = ({ code, opensAt, endTime, timeZone }: { code: string; opensAt: string | null; endTime: string; timeZone: string }) => (
  <Fact label="Door code">
    <Typography variant="h6" component="p" sx={{ fontFamily: 'monospace', letterSpacing: '0.1em' }} data-testid="booking-door-code">
      {code}
    </Typography>
    {opensAt && (
      <Typography variant="body2" color="text.secondary">
        {doorOpensLine(clockTime(toLocal(Date.parse(opensAt), timeZone).time), clockTime(endTime))}
      </Typography>
    )}
  </Fact>
);

export const BookingShow = () => (
  <Show actions={<Actions />} title={<Title />} component={Card}>
    <Details />
  </Show>
);
