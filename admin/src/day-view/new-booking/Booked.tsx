import { Alert, Box, Stack, Typography } from '@mui/material';
import type { BookingRecord } from '../../bookings/types.ts';
import type { SeriesRecord } from '../../series/types.ts';
import { countOf, dateTime, money, shortDate, timeRange } from '../../common/format.ts';
import { seriesRule } from '../../series/series-text.ts';
import { CopyField } from '../../common/CopyField.tsx';

/** What the server answered: the booking (with its payment page for "link"), or the series with the dates it skipped. */
export type BookedResult =
  | { kind: 'booking'; booking: BookingRecord & { paymentUrl: string | null } }
  | { kind: 'series'; series: SeriesRecord & { skipped: { date: string; reason: string }[] } };

const BookingDone = ({ booking: b }: { booking: BookingRecord & { paymentUrl: string | null } }) => (
  <Stack spacing={2}>
    <Alert severity="success">
      {b.facility.name}, {shortDate(b.date)} {timeRange(b.startTime, b.endTime)} for {b.user.name}.{' '}
      {b.paymentStatus === 'paid'
        ? `Paid at the desk: ${money(b.payableAmount)}; it shows in Payments.`
        : b.paymentUrl
          ? `Held for payment of ${money(b.payableAmount)}${b.holdExpiresAt ? ` until ${dateTime(b.holdExpiresAt)}` : ''}.`
          : `${money(b.payableAmount)} to pay; mark it paid when they do.`}
    </Alert>
    {b.paymentUrl && (
      <Box>
        <CopyField label="Payment link for the customer" value={b.paymentUrl} />
        <Typography variant="caption" color="text.secondary">
          Send it by text or chat; customers with an email have it in their inbox already.
        </Typography>
      </Box>
    )}
  </Stack>
);

const SeriesDone = ({ series: s }: { series: SeriesRecord & { skipped: { date: string; reason: string }[] } }) => (
  <Alert severity={s.skipped.length ? 'warning' : 'success'}>
    {countOf(s.occurrences.length, 'date')} for {s.customer.name} at {s.facilityName}, {seriesRule(s)}.
    {s.skipped.length > 0 && (
      <>
        {' '}
        Skipped:
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {s.skipped.map((d) => (
            <li key={d.date}>
              {shortDate(d.date)}: {d.reason}
            </li>
          ))}
        </Box>
      </>
    )}
  </Alert>
);

/** The outcome, said once and in full, with the payment link to hand on. */
export const Booked = ({ result }: { result: BookedResult }) => (result.kind === 'booking' ? <BookingDone booking={result.booking} /> : <SeriesDone series={result.series} />);
