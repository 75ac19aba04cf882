import { Suspense } from 'react';
import { Alert, Box, Button, Chip, IconButton, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/BlockOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import PrintIcon from '@mui/icons-material/Print';
import CashUpIcon from '@mui/icons-material/PointOfSaleOutlined';
import { Link } from 'react-admin';
import { useSearchParams } from 'react-router';
import { formatTime, shiftDate } from '@courtside/domain';
import { ScreenTitle } from '../common/ScreenTitle.tsx';
import { countOf, longDate } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { NewBookingDialog } from './new-booking/index.ts';
import { BookingPopover } from './BookingPopover.tsx';
import { DayGrid } from './DayGrid.tsx';
import { DayList } from './DayList.tsx';
import { DayPicker } from './DayPicker.tsx';
import { FrontDeskHelp } from './FrontDeskHelp.tsx';
import { Legend } from './Legend.tsx';
import type { Span } from './layout.ts';
import { useDayView } from './useDayView.ts';
import { cashUpLink, daySheetLink } from './day-sheet.ts';
import { MoveConfirm } from '../bookings/MoveConfirm.tsx';
import { useDeskActions } from './useDeskActions.ts';
import { DeskCashContext } from './desk-cash.ts';
import { DeskRefundLines } from '../payments/DeskRefundLines.tsx';
import type { DeskRefundDto } from '@courtside/contracts';

const NONE: DeskRefundDto[] = [];

/** The day's cash to hand back (cancelled bookings too, which no longer show in the grid), each with its action. */
const DayDeskRefunds = ({ refunds }: { refunds: DeskRefundDto[] }) => (
  <Alert severity="error" icon={false} sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }} data-testid="day-desk-refunds">
    <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
      Cash to hand back for this day
    </Typography>
    <DeskRefundLines refunds={refunds} />
  </Alert>
);

/** "Close a facility" opens the closure form with the day's hours filled in ("24:00" is the next day's 00:00 there). */
const closeDayLink = (date: string, range: Span) => {
  const at = (minute: number) => (minute >= 1440 ? `${shiftDate(date, 1)}T00:00` : `${date}T${formatTime(minute)}`);
  return `/closures/create?source=${encodeURIComponent(JSON.stringify({ start: at(range.start), end: at(range.end) }))}`;
};

/** Grid on a wide screen, list on a phone, unless the address says (?view=grid or list). */
function useViewChoice() {
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = asked === 'grid' || asked === 'list' ? asked : phone ? 'list' : 'grid';
  const setView = (next: 'grid' | 'list') =>
    setParams((current) => {
      const kept = new URLSearchParams(current);
      kept.set('view', next);
      return kept;
    });
  return [view, setView] as const;
}

/**
 * The front desk's day: facilities side by side against the hours, every booking and closure
 * in place. Free time books (the dialog loads on first use), bookings move by drag or from
 * their actions, "Close a facility" opens a closure for the day.
 */
export const DayViewPage = () => {
  const { date, setDate, today, data, range, total, isPending, error, refetch, isFetching } = useDayView();
  const [view, setView] = useViewChoice();
  const desk = useDeskActions(date);
  const canClose = useCan('closures', 'create');
  const canCashUp = useCan('cash-up', 'list');
  const firstOpen = data?.facilities.find((f) => !f.isDeleted);
  return (
    <DeskCashContext.Provider value={data?.deskRefunds ?? NONE}>
      <Box sx={{ py: 2, width: '100%', minWidth: 0, contain: 'inline-size' }}>
        <ScreenTitle title="Day view" />
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <DayPicker date={date} today={today} onChange={setDate} />
            <Box>
              <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
                {longDate(date)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {data ? `${countOf(total, 'booking')} across ${data.facilities.length} facilities` : ' '}
                {date === today && <Chip size="small" label="Today" color="primary" sx={{ ml: 1, height: 20 }} />}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <ToggleButtonGroup exclusive size="small" value={view} onChange={(_e, next: 'grid' | 'list' | null) => next && setView(next)} aria-label="Show the day as">
              <ToggleButton value="grid">Grid</ToggleButton>
              <ToggleButton value="list">List</ToggleButton>
            </ToggleButtonGroup>
            <FrontDeskHelp />
            <Tooltip title="Refresh">
              <IconButton onClick={() => refetch()} disabled={isFetching} aria-label="Refresh">
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => desk.newBooking({ facilityId: firstOpen?.id ?? '', date, startTime: '', endTime: '' })} disabled={!firstOpen}>
              New booking
            </Button>
            {canClose && (
              <Button variant="outlined" startIcon={<CloseIcon />} component={Link} to={closeDayLink(date, range)}>
                Close a facility
              </Button>
            )}
            <Button variant="outlined" startIcon={<PrintIcon />} component={Link} to={daySheetLink(date)}>
              Print day sheet
            </Button>
            {canCashUp && (
              <Button variant="outlined" startIcon={<CashUpIcon />} component={Link} to={cashUpLink(date <= today ? date : today)}>
                Cash-up
              </Button>
            )}
          </Stack>
          {view === 'grid' && <Legend />}
        </Stack>

        {data && data.deskRefunds.length > 0 && <DayDeskRefunds refunds={data.deskRefunds} />}
        {error ? (
          <Alert severity="error">The day could not be loaded: {error instanceof Error ? error.message : String(error)}</Alert>
        ) : isPending || !data ? (
          <Skeleton variant="rounded" height={480} />
        ) : data.facilities.length === 0 ? (
          <Alert severity="info">There are no facilities yet. Add one to see its day here.</Alert>
        ) : view === 'grid' ? (
          <DayGrid date={date} day={data} range={range} actions={desk.actions} />
        ) : (
          <DayList day={data} actions={desk.actions} />
        )}
        <BookingPopover open={desk.opened} date={date} onClose={desk.closeBooking} />
        <MoveConfirm
          question={desk.actions.move.question}
          busy={desk.actions.move.moving}
          onConfirm={() => void desk.actions.move.agree()}
          onClose={desk.actions.move.keepPlace}
        />
        {desk.booking && (
          <Suspense fallback={null}>
            <NewBookingDialog at={desk.booking} onClose={desk.closeDialog} />
          </Suspense>
        )}
      </Box>
    </DeskCashContext.Provider>
  );
};
