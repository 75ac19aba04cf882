import { Alert, Box, GlobalStyles, Button, FormControl, InputLabel, MenuItem, Select, Skeleton, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Authenticated, CanAccess, Link } from 'react-admin';
import { useSearchParams } from 'react-router';
import type { DeskRefundDto } from '@courtside/contracts';
import { dateTime, longDate, timeRange, zoneName } from '../common/format.ts';
import { cashLine, refundFor } from '../payments/desk-refunds.ts';
import type { DayViewFacility } from '../types.ts';
import { viewersZone } from './dates.ts';
import { sheetFacilities, sheetRefunds, sheetRows } from './day-sheet.ts';
import { useDayView } from './useDayView.ts';

const ALL = 'all';

/** Black on white, thin borders: the same on screen and on paper. */
const tableSx = {
  width: '100%',
  minWidth: 560,
  borderCollapse: 'collapse',
  fontSize: '0.875rem',
  '& th, & td': { border: '1px solid #000', px: 0.75, py: 0.5, textAlign: 'left', verticalAlign: 'top' },
  '& th': { fontWeight: 700, bgcolor: '#f2f2f2' },
  '& tr': { breakInside: 'avoid' },
  '@media print': { minWidth: 0, fontSize: '10pt', '& th': { bgcolor: 'transparent' } },
} as const;

/** The empty square the desk ticks on paper. */
const CheckBox = () => (
  <Box component="span" role="img" aria-label="Checked in" sx={{ display: 'inline-block', width: 16, height: 16, border: '1.5px solid #000', verticalAlign: 'middle' }} />
);

const FacilitySheet = ({ facility, first }: { facility: DayViewFacility; first: boolean }) => {
  const rows = sheetRows(facility);
  return (
    <Box component="section" aria-label={facility.name} data-testid="day-sheet-facility" sx={{ mb: 3, '@media print': { breakBefore: first ? 'auto' : 'page' } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {facility.name}
        {facility.isDeleted ? ' (deleted)' : ''}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {facility.hours ? `Open ${timeRange(facility.hours.open, facility.hours.close)}` : 'Closed today'}
        {facility.timezone !== viewersZone() ? ` · ${zoneName(facility.timezone)}` : ''}
      </Typography>
      {rows.length === 0 ? (
        <Typography sx={{ fontStyle: 'italic' }}>No bookings</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
        <Box component="table" sx={tableSx}>
          <thead>
            <tr>
              <Box component="th" sx={{ width: '17%' }}>Time</Box>
              <Box component="th" sx={{ width: '24%' }}>Customer</Box>
              <Box component="th" sx={{ width: '21%' }}>Paid / Owed</Box>
              <th>Note</th>
              <Box component="th" sx={{ width: '3rem', textAlign: 'center !important' }}>In</Box>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) =>
              row.kind !== 'booking' ? (
                <tr key={row.key} data-testid={`day-sheet-${row.kind}`}>
                  <td>{row.time}</td>
                  <Box component="td" colSpan={4} sx={{ fontStyle: 'italic' }}>
                    {row.text}
                  </Box>
                </tr>
              ) : (
                <tr key={row.key} data-testid="day-sheet-row">
                  <Box component="td" sx={{ whiteSpace: 'nowrap' }}>{row.time}</Box>
                  <td>
                    <Box sx={{ fontWeight: 700 }}>{row.name}</Box>
                    {row.phone && <Box>{row.phone}</Box>}
                  </td>
                  <td>{row.money}</td>
                  <Box component="td" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.note}</Box>
                  <Box component="td" sx={{ textAlign: 'center !important', verticalAlign: 'middle !important' }}>
                    <CheckBox />
                  </Box>
                </tr>
              ),
            )}
          </tbody>
        </Box>
        </Box>
      )}
    </Box>
  );
};

const Refunds = ({ refunds }: { refunds: DeskRefundDto[] }) => (
  <Box component="section" aria-label="Desk refunds to hand back" sx={{ mt: 2, breakInside: 'avoid' }} data-testid="day-sheet-refunds">
    <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
      Desk refunds to hand back
    </Typography>
    {refunds.length === 0 ? (
      <Typography>None</Typography>
    ) : (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {refunds.map((r) => (
          <li key={r.id}>
            {cashLine(r.amount)} to {r.customer.name} · {refundFor(r)}
          </li>
        ))}
      </Box>
    )}
  </Box>
);

/**
 * The day on paper: per facility (or one) a table of the bookings and closures in time order,
 * with the money, the note and a box to tick at check-in; the day's desk refunds at the end.
 * Drawn outside the console; the toolbar shows on screen only.
 */
const DaySheet = () => {
  const { date, data, error, isPending } = useDayView();
  const [params, setParams] = useSearchParams();
  const facilityId = params.get('facility');
  const facilities = data ? sheetFacilities(data, facilityId) : [];
  const chosen = facilityId && facilities.length === 1 && facilities[0]?.id === facilityId ? facilityId : ALL;
  const choose = (next: string) =>
    setParams((current) => {
      const kept = new URLSearchParams(current);
      if (next === ALL) kept.delete('facility');
      else kept.set('facility', next);
      return kept;
    });
  const printedAt = dateTime(new Date().toISOString());
  return (
    <Box
      sx={{
        bgcolor: '#fff',
        color: '#000',
        minHeight: '100vh',
        '@media print': { minHeight: 0, '& *': { boxShadow: 'none !important', color: '#000 !important' }},
      }}
    >
      <GlobalStyles styles={{ '@page': { size: 'portrait', margin: '12mm' }, '@media print': { 'html, body': { background: '#fff', color: '#000' } } }} />
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        role="toolbar"
        aria-label="Day sheet"
        data-testid="day-sheet-toolbar"
        sx={{ alignItems: 'center', flexWrap: 'wrap', px: 3, py: 1.5, borderBottom: '1px solid #ccc', bgcolor: '#f7f7f7', '@media print': { display: 'none' } }}
      >
        <Button variant="outlined" startIcon={<ArrowBackIcon />} component={Link} to={`/day-view?date=${date}`}>
          Back to the day view
        </Button>
        <FormControl size="small" fullWidth={false} sx={{ width: 280, maxWidth: '100%' }}>
          <InputLabel id="day-sheet-facility">Facility</InputLabel>
          <Select labelId="day-sheet-facility" label="Facility" value={data ? chosen : ALL} onChange={(e) => choose(e.target.value)} disabled={!data}>
            <MenuItem value={ALL}>All facilities</MenuItem>
            {data?.facilities.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data}>
          Print
        </Button>
      </Stack>
      <Box component="main" sx={{ maxWidth: 900, mx: 'auto', px: 3, py: 2, '@media print': { maxWidth: 'none', p: 0 } }}>
        <Typography variant="h5" component="h1">
          Day sheet — {longDate(date)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Printed {printedAt}
          {data && chosen === ALL && data.facilities.length > 0 ? ` · ${data.facilities.length} facilities` : ''}
        </Typography>
        {error ? (
          <Alert severity="error">The day could not be loaded: {error instanceof Error ? error.message : String(error)}</Alert>
        ) : isPending || !data ? (
          <Skeleton variant="rounded" height={320} />
        ) : facilities.length === 0 ? (
          <Typography>There are no facilities yet.</Typography>
        ) : (
          <>
            {facilities.map((f, i) => (
              <FacilitySheet key={f.id} facility={f} first={i === 0} />
            ))}
            <Refunds refunds={sheetRefunds(data, chosen === ALL ? null : chosen)} />
          </>
        )}
      </Box>
    </Box>
  );
};

/** Drawn outside the console's layout, where react-admin does not ask for a sign-in: it asks here, and only roles that see the day view get it. */
export const DaySheetPage = () => (
  <Authenticated>
    <CanAccess resource="day-view" action="list">
      <DaySheet />
    </CanAccess>
  </Authenticated>
);
