import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-admin';
import { BookingStatus, PaymentStatus } from '../common/StatusChip.tsx';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { money, shortDate, timeRange } from '../common/format.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { CancelSeriesButton } from './CancelSeriesButton.tsx';
import { isLive } from './series-text.ts';
import type { SeriesRecord } from './types.ts';

/** Every date of the series with where it stands; each opens its booking, a live one cancels from there on. */
export const Occurrences = ({ series }: { series: SeriesRecord }) => {
  const phone = useIsPhone();
  const rows = series.occurrences;
  if (rows.length === 0) return <Typography color="text.secondary">No dates.</Typography>;
  if (phone)
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Dates">
        {rows.map((o) => (
          <Stack key={o.bookingId} component="li" spacing={0.5} data-testid="series-occurrence">
            <Link to={`/bookings/${o.bookingId}/show`}>
              {shortDate(o.date)} · {timeRange(o.startTime, o.endTime)}
            </Link>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="body2" sx={{ fontWeight: 600, mr: 0.5 }}>
                {money(o.payableAmount)}
              </Typography>
              <BookingStatus value={o.status} short />
              <PaymentStatus value={o.paymentStatus} />
            </Stack>
            {isLive(o) && <CancelSeriesButton series={series} from={o} />}
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table size="small" aria-label="Dates">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Time</TableCell>
          <TableCell>Booking</TableCell>
          <TableCell>Payment</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>
            <ScreenReaderText>Actions</ScreenReaderText>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((o) => (
          <TableRow key={o.bookingId} hover data-testid="series-occurrence">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Link to={`/bookings/${o.bookingId}/show`}>{shortDate(o.date)}</Link>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {timeRange(o.startTime, o.endTime)}
            </TableCell>
            <TableCell>
              <BookingStatus value={o.status} short />
            </TableCell>
            <TableCell>
              <PaymentStatus value={o.paymentStatus} />
            </TableCell>
            <TableCell align="right">{money(o.payableAmount)}</TableCell>
            <TableCell align="right">{isLive(o) && <CancelSeriesButton series={series} from={o} />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
