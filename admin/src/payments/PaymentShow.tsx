import { Alert, AlertTitle, Box, Card, CardContent, Divider, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link, ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Fact } from '../common/Fact.tsx';
import { BookingStatus, PaymentStatus } from '../common/StatusChip.tsx';
import { dateTime, money, shortDate, timeRange } from '../common/format.ts';
import { CustomerFact } from '../common/CustomerFact.tsx';
import { DetailSection } from '../common/DetailSection.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { PaymentStateChips, providerLabel } from './PaymentFields.tsx';
import { HandedBackButton } from './HandedBackButton.tsx';
import { paymentKindLabel, splitRefundNote } from './kinds.ts';
import { RefundPaymentButton } from './RefundPaymentButton.tsx';
import { ResolveFlagButton } from './ResolveFlagButton.tsx';
import type { PaymentRecord } from './types.ts';

const Actions = () => (
  <TopToolbar>
    <ListButton label="All payments" />
    <ResolveFlagButton />
    <RefundPaymentButton />
  </TopToolbar>
);

const Title = () => {
  const p = useRecordContext<PaymentRecord>();
  return <>{p ? `Payment: ${p.user.name}, ${money(p.amount)}` : 'Payment'}</>;
};

const REFUND_STATUS = { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed', to_collect: 'To hand back at the desk' } as const;

/** What this payment charged for a booking; a share (or a discounted price) says the whole price beside it. */
const Charged = ({ b }: { b: PaymentRecord['bookings'][number] }) => (
  <>
    {money(b.charged)}
    {b.charged !== b.payableAmount && (
      <Typography component="span" variant="caption" color="text.secondary">
        {' '}
        of {money(b.payableAmount)}
      </Typography>
    )}
  </>
);

/** The order's bookings, each opening its booking record. */
const Bookings = ({ p }: { p: PaymentRecord }) => {
  const phone = useIsPhone();
  if (p.bookings.length === 0) return <Typography color="text.secondary">{p.description ?? 'This order has no bookings.'}</Typography>;
  if (phone)
    return (
      <Stack spacing={1.5}>
        {p.bookings.map((b) => (
          <Stack key={b.id} spacing={0.5}>
            <Link to={`/bookings/${b.id}/show`}>
              {b.facilityName}, {shortDate(b.date)} {timeRange(b.startTime, b.endTime)}
            </Link>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, mr: 0.5 }}>
                <Charged b={b} />
              </Typography>
              <BookingStatus value={b.status} short />
              <PaymentStatus value={b.paymentStatus} />
            </Stack>
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>Facility</TableCell>
          <TableCell>Date</TableCell>
          <TableCell>Time</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Booking</TableCell>
          <TableCell>Payment</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {p.bookings.map((b) => (
          <TableRow key={b.id} hover>
            <TableCell>
              <Link to={`/bookings/${b.id}/show`}>{b.facilityName}</Link>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(b.date)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {timeRange(b.startTime, b.endTime)}
            </TableCell>
            <TableCell align="right">
              <Charged b={b} />
            </TableCell>
            <TableCell>
              <BookingStatus value={b.status} short />
            </TableCell>
            <TableCell>
              <PaymentStatus value={b.paymentStatus} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const Refunds = ({ p }: { p: PaymentRecord }) =>
  p.refunds.length === 0 ? (
    <Typography color="text.secondary">No refunds.</Typography>
  ) : (
    <Table size="small" sx={{ maxWidth: 760 }}>
      <TableHead>
        <TableRow>
          <TableCell>Asked for</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Status</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {p.refunds.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{dateTime(r.createdAt)}</TableCell>
            <TableCell align="right">{money(r.amount)}</TableCell>
            <TableCell>
              <Typography variant="body2" color={r.status === 'failed' ? 'error' : r.status === 'to_collect' ? 'warning' : undefined}>
                {REFUND_STATUS[r.status] ?? r.status}
              </Typography>
              {r.handedBackAt && (
                <Typography variant="caption" color="text.secondary">
                  At the desk {dateTime(r.handedBackAt)}
                  {r.handedBackBy && ` by ${r.handedBackBy.name}`}
                </Typography>
              )}
            </TableCell>
            <TableCell>{r.status === 'to_collect' && <HandedBackButton refundId={r.id} amount={r.amount} customer={p.user.name} />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

/** Where a part of a split booking's refund comes from, since its page offers none (the Refund button says it on hover). */
const SplitRefundNote = ({ p }: { p: PaymentRecord }) => {
  const note = splitRefundNote(p);
  return note ? (
    <Alert severity="info" sx={{ mb: 2, maxWidth: 760 }} data-testid="split-refund-note">
      {note}
    </Alert>
  ) : null;
};

const Details = () => {
  const p = useRecordContext<PaymentRecord>();
  if (!p) return null;
  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      {p.flagReason && (
        // Once resolved the reason stays, as history.
        <Alert severity={p.flagResolvedAt ? 'success' : 'warning'} sx={{ mb: 3 }}>
          <AlertTitle>Flagged for staff</AlertTitle>
          {p.flagReason}
          {p.flagResolvedAt && (
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
              Resolved {dateTime(p.flagResolvedAt)}
              {p.flagResolvedBy && ` by ${p.flagResolvedBy.name}`}
            </Typography>
          )}
        </Alert>
      )}
      <Box sx={{ mb: 2 }}>
        <PaymentStateChips record={p} />
      </Box>
      <Typography variant="h5" component="h2">
        {money(p.amount)} from {p.user.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {paymentKindLabel(p.kind)} · ordered {dateTime(p.createdAt)}
        {p.paidAt && ` · paid ${dateTime(p.paidAt)}`}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <CustomerFact label="Paid by" name={p.user.name} email={p.user.email} />
        </Grid>
        <Grid size={{ xs: 6, sm: 6, md: 3 }}>
          <Fact label="Amount">
            <Typography variant="h6" component="p">{money(p.amount)}</Typography>
            {p.promoCode && (
              <Typography variant="body2" color="text.secondary">
                {money(p.amount + p.discount)} less promo code <strong>{p.promoCode}</strong> ({money(p.discount)})
              </Typography>
            )}
          </Fact>
        </Grid>
        <Grid size={{ xs: 6, sm: 6, md: 3 }}>
          <Fact label="Refunded">
            <Typography variant="h6" component="p">{money(p.refundedAmount)}</Typography>
          </Fact>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Fact label="Provider">
            <Typography>{providerLabel(p.provider)}</Typography>
            {p.providerRef && (
              <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {p.providerRef}
              </Typography>
            )}
          </Fact>
        </Grid>
      </Grid>
      <DetailSection title="Bookings">
        <Bookings p={p} />
      </DetailSection>
      <DetailSection title="Refunds">
        <SplitRefundNote p={p} />
        <Refunds p={p} />
      </DetailSection>
      <Divider sx={{ my: 3 }} />
      <Fact label="Order reference">
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {p.id}
        </Typography>
      </Fact>
    </CardContent>
  );
};

export const PaymentShow = () => (
  <Show actions={<Actions />} title={<Title />} component={Card}>
    <Details />
  </Show>
);
