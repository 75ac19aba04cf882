import { useState } from 'react';
import { Alert, Box, Button, GlobalStyles, Skeleton, Stack, TextField, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Authenticated, CanAccess, Confirm, Link, useDataProvider, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TEXT_LIMITS, cashUpMethodLabel } from '@courtside/domain';
import type { CashUpDto, CashUpTotalsDto } from '@courtside/contracts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { dateTime, failure, longDate, money, shortDate, timeRange, clockTime } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { cashLine, refundFor } from '../payments/desk-refunds.ts';
import { validDate, viewersToday } from '../day-view/dates.ts';
import { afterClose, changedSinceClose, closable, closeBody, countedCents, differencePreview, paymentFor, venueTime } from './cash-up.ts';

/** Black on white, thin borders: the same on screen and on paper (as the day sheet). */
const tableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '0.875rem',
  mb: 2,
  '& th, & td': { border: '1px solid #000', px: 0.75, py: 0.5, textAlign: 'left', verticalAlign: 'top' },
  '& th': { fontWeight: 700, bgcolor: '#f2f2f2' },
  '& td.amount, & th.amount': { textAlign: 'right', whiteSpace: 'nowrap' },
  '& tr': { breakInside: 'avoid' },
  '& tr.late td': { fontStyle: 'italic' },
  '@media print': { fontSize: '10pt', '& th': { bgcolor: 'transparent' } },
} as const;

const Heading = ({ children }: { children: string }) => (
  <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
    {children}
  </Typography>
);

/** Payments by method and the cash the till should hold: the day so far, or what the close counted. */
const Totals = ({ totals, label }: { totals: CashUpTotalsDto; label: string }) => {
  const cash = totals.byMethod.find((m) => m.method === 'cash');
  return (
    <Box component="table" sx={tableSx} aria-label={label} data-testid="cash-up-totals">
      <thead>
        <tr>
          <th>Paid by</th>
          <th className="amount">Payments</th>
          <th className="amount">Amount</th>
        </tr>
      </thead>
      <tbody>
        {totals.byMethod.map((m) => (
          <tr key={m.method} data-testid={`cash-up-method-${m.method}`}>
            <td>{m.label}</td>
            <td className="amount">{m.count}</td>
            <td className="amount">{money(m.amount)}</td>
          </tr>
        ))}
        <tr>
          <th>Taken at the desk</th>
          <th className="amount">{totals.byMethod.reduce((n, m) => n + m.count, 0)}</th>
          <th className="amount">{money(totals.taken)}</th>
        </tr>
        <tr>
          <td colSpan={2}>Cash taken</td>
          <td className="amount">{money(cash?.amount ?? 0)}</td>
        </tr>
        <tr>
          <td colSpan={2}>Cash handed back</td>
          <td className="amount">− {money(totals.handedBackCash)}</td>
        </tr>
        <tr data-testid="cash-up-expected">
          <th colSpan={2}>Cash expected in the till</th>
          <th className="amount">{money(totals.expectedCash)}</th>
        </tr>
        {totals.handedBackCard > 0 && (
          <tr>
            <td colSpan={2}>Given back to cards</td>
            <td className="amount">{money(totals.handedBackCard)}</td>
          </tr>
        )}
      </tbody>
    </Box>
  );
};

const Payments = ({ day }: { day: CashUpDto }) =>
  day.payments.length === 0 ? (
    <Typography>No payments taken at the desk this day.</Typography>
  ) : (
    <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
      <Box component="table" sx={{ ...tableSx, minWidth: 640 }} aria-label="Payments taken at the desk" data-testid="cash-up-payments">
        <thead>
          <tr>
            <th>Time</th>
            <th>Customer</th>
            <th>For</th>
            <th>Paid by</th>
            <th>Taken by</th>
            <th className="amount">Amount</th>
          </tr>
        </thead>
        <tbody>
          {day.payments.map((p) => (
            <tr key={p.orderId} className={p.afterClose ? 'late' : undefined} data-testid="cash-up-payment">
              <Box component="td" sx={{ whiteSpace: 'nowrap' }}>
                {clockTime(venueTime(p.paidAt, day.timezone))}
                {p.afterClose ? ' (after the close)' : ''}
              </Box>
              <td>{p.customer.name}</td>
              <td>{paymentFor(p, timeRange, shortDate)}</td>
              <td>{cashUpMethodLabel(p.method)}</td>
              <td>{p.takenBy?.name ?? ''}</td>
              <td className="amount">{money(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );

const HandedBack = ({ day }: { day: CashUpDto }) =>
  day.handedBack.length === 0 ? (
    <Typography>Nothing handed back this day.</Typography>
  ) : (
    <Box component="table" sx={tableSx} aria-label="Refunds handed back" data-testid="cash-up-handed-back">
      <thead>
        <tr>
          <th>Time</th>
          <th>To</th>
          <th>How</th>
          <th>By</th>
          <th className="amount">Amount</th>
        </tr>
      </thead>
      <tbody>
        {day.handedBack.map((r) => (
          <tr key={r.refundId} className={r.afterClose ? 'late' : undefined}>
            <td>
              {clockTime(venueTime(r.handedBackAt, day.timezone))}
              {r.afterClose ? ' (after the close)' : ''}
            </td>
            <td>{r.customer.name}</td>
            <td>{r.method === 'cash' ? 'Cash from the till' : 'Back to the card'}</td>
            <td>{r.handedBackBy.name}</td>
            <td className="amount">{money(r.amount)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );

/** The day's close: who, when, what was counted against what was expected. */
const Closed = ({ day }: { day: CashUpDto }) => {
  const close = day.close!;
  const late = afterClose(day);
  return (
    <Box component="section" aria-label="The close" sx={{ breakInside: 'avoid' }}>
      <Alert severity={close.difference === 0 ? 'success' : 'warning'} icon={<LockIcon />} data-testid="cash-up-closed" sx={{ '@media print': { border: '1px solid #000' } }}>
        <Typography sx={{ fontWeight: 700 }}>
          Closed by {close.closedBy.name} at {dateTime(close.closedAt)}
        </Typography>
        <Typography data-testid="cash-up-difference">
          Counted {money(close.countedCash)} cash of {money(close.totals.expectedCash)} expected: {close.differenceText}
        </Typography>
        {close.note && <Typography sx={{ whiteSpace: 'pre-wrap' }}>Note: {close.note}</Typography>}
      </Alert>
      {late.count > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="cash-up-after-close">
          {late.count === 1 ? '1 payment' : `${late.count} payments`} ({money(late.amount)}) taken after the close: not in the close's figures. They are marked in the list below.
        </Alert>
      )}
      <Heading>What the close counted</Heading>
      <Totals totals={close.totals} label="What the close counted" />
    </Box>
  );
};

/** The counted cash, a note, and "Close the day" (asked first). */
const CloseForm = ({ day, onClosed }: { day: CashUpDto; onClosed: () => void }) => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cents = countedCents(counted);
  const preview = differencePreview(cents, day.totals.expectedCash, money);
  const close = async () => {
    if (cents === undefined) return;
    setBusy(true);
    try {
      await dataProvider.closeDay(closeBody(day.date, cents, note));
      notify('The day is closed', { type: 'success' });
      onClosed();
    } catch (error) {
      notify(failure('The day was not closed', error), { type: 'error' });
      onClosed();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Box component="section" aria-label="Close the day" sx={{ mt: 3, p: 2, border: '1px solid', borderColor: 'divider', borderRadius: 1, '@media print': { display: 'none' } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Close the day
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Cash counted in the till"
          value={counted}
          onChange={(e) => setCounted(e.target.value)}
          error={counted.trim() !== '' && cents === undefined}
          helperText={counted.trim() !== '' && cents === undefined ? 'An amount, like 182.50' : preview ? `Difference: ${preview}` : `Expected ${money(day.totals.expectedCash)}`}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'cash-up-counted' } }}
          sx={{ width: { sm: 260 } }}
        />
        <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} multiline maxRows={4} helperText="Optional: why the till is over or short..." slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.bookingNote } }} sx={{ flex: 1 }} />
      </Stack>
      <Button variant="contained" startIcon={<LockIcon />} sx={{ mt: 2 }} disabled={cents === undefined} onClick={() => setAsking(true)}>
        Close the day
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={`Close ${longDate(day.date)}?`}
        content={`Counted ${cents === undefined ? '' : money(cents / 100)} cash of ${money(day.totals.expectedCash)} expected (${preview ?? ''}). The day is closed once, with your name, and cannot be changed.`}
        confirm="Close the day"
        cancel="Keep it open"
        onConfirm={close}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
};

/**
 * The desk's end-of-day cash-up (#/cash-up?date=): the day's desk payments by how they were
 * paid, the refunds handed back, the cash the till should hold, and the close with what was
 * counted. Drawn outside the console, like the day sheet, so it prints as it shows.
 */
const CashUp = () => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // No date asked: the server's today in the venue's zone (the browser may be elsewhere).
  const asked = validDate(params.get('date'));
  const canClose = useCan('cash-up', 'create');
  const queryKey = ['courtside', 'cash-up', asked ?? 'today'];
  const { data, error, isPending, isPlaceholderData } = useQuery({ queryKey, queryFn: () => dataProvider.getCashUp(asked), placeholderData: (previous) => previous });
  // The previous day's figures never stand in for another day's.
  const day = data && !isPlaceholderData ? data : undefined;
  const date = day?.date ?? asked ?? viewersToday();
  return (
    <Box sx={{ bgcolor: '#fff', color: '#000', minHeight: '100vh', '@media print': { minHeight: 0, '& *': { boxShadow: 'none !important', color: '#000 !important' } } }}>
      <GlobalStyles styles={{ '@page': { size: 'portrait', margin: '12mm' }, '@media print': { 'html, body': { background: '#fff', color: '#000' } } }} />
      <Stack
        component="header"
        direction="row"
        spacing={1.5}
        useFlexGap
        aria-label="Cash-up"
        sx={{ alignItems: 'center', flexWrap: 'wrap', px: 3, py: 1.5, borderBottom: '1px solid #ccc', bgcolor: '#f7f7f7', '@media print': { display: 'none' } }}
      >
        <Button variant="outlined" startIcon={<ArrowBackIcon />} component={Link} to={`/day-view?date=${date}`}>
          Back to the day view
        </Button>
        <TextField
          type="date"
          size="small"
          label="Day"
          value={date}
          onChange={(e) => validDate(e.target.value) && setParams({ date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: 190 }}
        />
        {day && date !== day.today && (
          <Button variant="text" onClick={() => setParams({ date: day.today })}>
            Today
          </Button>
        )}
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!day}>
          Print
        </Button>
      </Stack>
      <Box component="main" sx={{ maxWidth: 900, mx: 'auto', px: 3, py: 2, '@media print': { maxWidth: 'none', p: 0 } }}>
        <Typography variant="h5" component="h1">
          Cash-up — {longDate(date)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Money taken and handed back at the desk · printed {dateTime(new Date().toISOString())}
        </Typography>
        {error ? (
          <Alert severity="error">The cash-up could not be loaded: {error instanceof Error ? error.message : String(error)}</Alert>
        ) : isPending || !day ? (
          <Skeleton variant="rounded" height={320} />
        ) : (
          <>
            {day.close ? <Closed day={day} /> : day.date > day.today ? <Alert severity="info">This day has not begun yet.</Alert> : null}
            {!day.close && <Heading>The day so far</Heading>}
            {!day.close && <Totals totals={day.totals} label="The day's totals" />}
            {day.close && changedSinceClose(day) && <Heading>The whole day, after the close included</Heading>}
            {day.close && changedSinceClose(day) && <Totals totals={day.totals} label="The day's totals" />}
            <Heading>Payments taken at the desk</Heading>
            <Payments day={day} />
            <Heading>Refunds handed back</Heading>
            <HandedBack day={day} />
            <Heading>Still to hand back (any day)</Heading>
            {day.toHandBack.length === 0 ? (
              <Typography>None</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="cash-up-to-hand-back">
                {day.toHandBack.map((r) => (
                  <li key={r.id}>
                    {cashLine(r.amount)} to {r.customer.name} · {refundFor(r)}
                  </li>
                ))}
              </Box>
            )}
            {canClose && closable(day) && <CloseForm key={day.date} day={day} onClosed={() => queryClient.invalidateQueries({ queryKey })} />}
          </>
        )}
      </Box>
    </Box>
  );
};

/** Drawn outside the console's layout, where react-admin does not ask for a sign-in: it asks here, and only roles that may see the cash-up get it. */
export const CashUpPage = () => (
  <Authenticated>
    <CanAccess resource="cash-up" action="list">
      <CashUp />
    </CanAccess>
  </Authenticated>
);
