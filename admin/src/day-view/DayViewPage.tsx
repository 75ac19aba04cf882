import { Alert, Box, Button, ButtonGroup, Card, Chip, IconButton, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Title, useDataProvider, useNavigate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import type { DayViewBooking, DayViewFacility } from '../types.ts';
import { formatMinutes, hoursText, longDate, minutesOf, money } from '../common/format.ts';
import { brand } from '../theme.ts';
import { srOnly } from '../common/ScreenReaderText.tsx';
import { addDaysTo, freeGaps, localToday, visibleRange, type Span } from './layout.ts';

const PX_PER_MIN = 1;
const COLUMN = 176;
const AXIS = 60;
const HEADER = 92;

const hatch = `repeating-linear-gradient(135deg, #eef0f3 0 6px, #e4e7ec 6px 12px)`;

const BookingBlock = ({ booking, range, onOpen }: { booking: DayViewBooking; range: Span; onOpen: () => void }) => {
  const start = Math.max(minutesOf(booking.startTime), range.start);
  const end = Math.min(minutesOf(booking.endTime), range.end);
  const height = (end - start) * PX_PER_MIN;
  const confirmed = booking.status === 'confirmed';
  return (
    // describeChild: the tooltip's details describe the block; its name stays the text it shows.
    <Tooltip
      describeChild
      title={`${booking.startTime}–${booking.endTime} · ${booking.customer.name} (${booking.customer.email}) · ${confirmed ? 'Confirmed' : 'Held, awaiting payment'} · ${booking.paymentStatus} · ${money(booking.payableAmount)}`}
    >
      <Box
        role="button"
        tabIndex={0}
        data-testid="day-booking"
        onClick={onOpen}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onOpen()}
        sx={{
          position: 'absolute',
          top: (start - range.start) * PX_PER_MIN + 1,
          height: height - 2,
          left: 4,
          right: 4,
          px: 1,
          py: 0.5,
          overflow: 'hidden',
          cursor: 'pointer',
          borderRadius: 1,
          bgcolor: confirmed ? brand.light : '#fff6e5',
          borderLeft: `4px solid ${confirmed ? brand.main : brand.accent}`,
          outline: confirmed ? 'none' : `1px dashed ${brand.accent}`,
          outlineOffset: -1,
          boxShadow: '0 1px 2px rgba(27,36,48,0.08)',
          '&:hover, &:focus-visible': { boxShadow: '0 2px 8px rgba(27,36,48,0.18)', zIndex: 2 },
          '&:focus-visible': { outline: `2px solid ${brand.dark}`, outlineOffset: 1 },
        }}
      >
        {/* The button's name is what it shows (who, when, state); a block too short for the second line still says it. */}
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.25 }} noWrap>
          {booking.customer.name}
        </Typography>{' '}
        <Typography variant="caption" sx={height >= 34 ? { display: 'block', lineHeight: 1.3, color: 'text.secondary' } : srOnly} noWrap>
          {booking.startTime}–{booking.endTime} · {confirmed ? 'Confirmed' : 'Held'}
          {booking.paymentStatus === 'paid' ? ' · Paid' : ''}
        </Typography>
      </Box>
    </Tooltip>
  );
};

const Column = ({ facility, range, onOpen }: { facility: DayViewFacility; range: Span; onOpen: (id: string) => void }) => {
  const height = (range.end - range.start) * PX_PER_MIN;
  const open = facility.hours ? minutesOf(facility.hours.open) : range.end;
  const close = facility.hours ? minutesOf(facility.hours.close) : range.end;
  const closedSpans: Span[] = facility.hours
    ? [
        { start: range.start, end: Math.max(range.start, open) },
        { start: Math.min(range.end, close), end: range.end },
      ].filter((s) => s.end > s.start)
    : [range];
  return (
    <Box
      sx={{
        position: 'relative',
        width: COLUMN,
        minWidth: COLUMN,
        height,
        borderRight: `1px solid ${brand.line}`,
        backgroundColor: '#fff',
        // a line at every hour
        backgroundImage: `repeating-linear-gradient(to bottom, ${brand.line} 0 1px, transparent 1px ${60 * PX_PER_MIN}px)`,
      }}
      data-testid="day-column"
    >
      {closedSpans.map((s) => (
        <Box key={s.start} sx={{ position: 'absolute', left: 0, right: 0, top: (s.start - range.start) * PX_PER_MIN, height: (s.end - s.start) * PX_PER_MIN, background: hatch }} />
      ))}
      {freeGaps(facility).map((g) => (
        <Box
          key={`free-${g.start}`}
          sx={{ position: 'absolute', left: 4, right: 4, top: (g.start - range.start) * PX_PER_MIN + 2, height: (g.end - g.start) * PX_PER_MIN - 4, display: 'flex', alignItems: 'flex-start', px: 1, py: 0.25 }}
        >
          {g.end - g.start >= 30 && (
            <Typography variant="caption" sx={{ color: brand.free, fontWeight: 500 }}>
              Free {formatMinutes(g.start)}–{formatMinutes(g.end)}
            </Typography>
          )}
        </Box>
      ))}
      {facility.bookings.map((b) => (
        <BookingBlock key={b.id} booking={b} range={range} onOpen={() => onOpen(b.id)} />
      ))}
    </Box>
  );
};

const ColumnHeader = ({ facility }: { facility: DayViewFacility }) => {
  const openMinutes = facility.hours ? minutesOf(facility.hours.close) - minutesOf(facility.hours.open) : 0;
  const free = freeGaps(facility).reduce((sum, g) => sum + g.end - g.start, 0);
  return (
    <Box sx={{ width: COLUMN, minWidth: COLUMN, height: HEADER, px: 1.25, py: 1, borderRight: `1px solid ${brand.line}`, borderBottom: `1px solid ${brand.line}`, bgcolor: '#fff' }}>
      <Typography variant="body2" sx={{ fontWeight: 700, lineHeight: 1.25, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', minHeight: 35 }} title={facility.name}>
        {facility.name}
        {/* Deleted since: shown only on days it still has bookings. */}
        {facility.isDeleted ? ' (deleted)' : ''}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {facility.hours ? `${facility.hours.open}–${facility.hours.close}` : 'Closed today'}
        {facility.timezone !== Intl.DateTimeFormat().resolvedOptions().timeZone ? ` · ${facility.timezone}` : ''}
      </Typography>
      {facility.hours && (
        <Typography variant="caption" component="div" sx={{ color: free ? brand.free : 'text.secondary' }} noWrap>
          {facility.bookings.length} booking{facility.bookings.length === 1 ? '' : 's'} · {free ? `${hoursText(free)} free` : openMinutes ? 'Fully booked' : ''}
        </Typography>
      )}
    </Box>
  );
};

const Legend = () => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
    {[
      { label: 'Confirmed', sx: { bgcolor: brand.light, borderLeft: `4px solid ${brand.main}` } },
      { label: 'Held (awaiting payment)', sx: { bgcolor: '#fff6e5', borderLeft: `4px solid ${brand.accent}`, outline: `1px dashed ${brand.accent}`, outlineOffset: -1 } },
      { label: 'Free', sx: { bgcolor: '#fff', border: `1px solid ${brand.line}` } },
      { label: 'Closed', sx: { background: hatch } },
    ].map((item) => (
      <Stack key={item.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 18, height: 14, borderRadius: 0.5, ...item.sx }} />
        <Typography variant="caption" color="text.secondary">
          {item.label}
        </Typography>
      </Stack>
    ))}
  </Stack>
);

/** The front desk's day: facilities side by side against the hours, every booking in place. */
export const DayViewPage = () => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : localToday();
  const setDate = (next: string) => setParams({ date: next });

  const { data, isPending, error, refetch, isFetching } = useQuery({
    queryKey: ['courtside', 'day-view', date],
    queryFn: () => dataProvider.getDayView(date),
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
  const range = data ? visibleRange(data.facilities) : { start: 8 * 60, end: 22 * 60 };
  const hours: number[] = [];
  for (let m = range.start; m < range.end; m += 60) hours.push(m);
  const total = data?.facilities.reduce((n, f) => n + f.bookings.length, 0) ?? 0;
  const today = data?.today ?? localToday();

  return (
    <Box sx={{ py: 2, width: '100%', minWidth: 0, contain: 'inline-size' }}>
      <Title title="Day view" />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <ButtonGroup variant="outlined" size="small" aria-label="Change day">
            <Button onClick={() => setDate(addDaysTo(date, -1))} startIcon={<ChevronLeftIcon />} aria-label="Previous day">
              Previous
            </Button>
            <Button onClick={() => setDate(today)} disabled={date === today}>
              Today
            </Button>
            <Button onClick={() => setDate(addDaysTo(date, 1))} endIcon={<ChevronRightIcon />} aria-label="Next day">
              Next
            </Button>
          </ButtonGroup>
          <TextField
            type="date"
            size="small"
            label="Date"
            value={date}
            onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 170 }}
          />
          <Box>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
              {longDate(date)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data ? `${total} booking${total === 1 ? '' : 's'} across ${data.facilities.length} facilities` : ' '}
              {date === today && <Chip size="small" label="Today" color="primary" sx={{ ml: 1, height: 20 }} />}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Legend />
          <Tooltip title="Refresh">
            <IconButton onClick={() => refetch()} disabled={isFetching} aria-label="Refresh">
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>

      {error ? (
        <Alert severity="error">The day could not be loaded: {error instanceof Error ? error.message : String(error)}</Alert>
      ) : isPending || !data ? (
        <Skeleton variant="rounded" height={480} />
      ) : data.facilities.length === 0 ? (
        <Alert severity="info">There are no facilities yet. Add one to see its day here.</Alert>
      ) : (
        <Card sx={{ overflow: 'hidden', width: '100%', contain: 'inline-size' }}>
          {/* It scrolls both ways, so keyboard users can focus it and scroll with the arrow keys. */}
          <Box
            tabIndex={0}
            role="region"
            aria-label={`Bookings on ${longDate(date)}, by facility and hour`}
            sx={{ overflow: 'auto', maxHeight: 'calc(100vh - 230px)', position: 'relative', '&:focus-visible': { outline: `2px solid ${brand.main}`, outlineOffset: -2 } }}
            data-testid="day-grid"
          >
            <Box sx={{ display: 'flex', width: 'max-content', minWidth: '100%' }}>
              {/* Hours axis */}
              <Box sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: '#fafbfc', borderRight: `1px solid ${brand.line}` }}>
                <Box sx={{ height: HEADER, width: AXIS, position: 'sticky', top: 0, zIndex: 4, bgcolor: '#fafbfc', borderBottom: `1px solid ${brand.line}` }} />
                <Box sx={{ position: 'relative', width: AXIS, height: (range.end - range.start) * PX_PER_MIN }}>
                  {hours.map((m) => (
                    <Typography key={m} variant="caption" color="text.secondary" sx={{ position: 'absolute', top: (m - range.start) * PX_PER_MIN + 2, right: 8 }}>
                      {formatMinutes(m)}
                    </Typography>
                  ))}
                </Box>
              </Box>
              <Box sx={{ position: 'relative' }}>
                <Box sx={{ display: 'flex', position: 'sticky', top: 0, zIndex: 2 }}>
                  {data.facilities.map((f) => (
                    <ColumnHeader key={f.id} facility={f} />
                  ))}
                </Box>
                <Box sx={{ display: 'flex', position: 'relative' }}>
                  {data.facilities.map((f) => (
                    <Column key={f.id} facility={f} range={range} onOpen={(id) => navigate(`/bookings/${id}/show`)} />
                  ))}
                </Box>
              </Box>
            </Box>
          </Box>
        </Card>
      )}
    </Box>
  );
};
