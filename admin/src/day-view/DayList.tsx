import { Box, Button, Card, CardContent, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-admin';
import type { DayView, DayViewBooking, DayViewClosure, DayViewFacility, DayViewLinked, DayViewWaiting } from '../types.ts';
import { kindLabel } from '../closures/closure-text.ts';
import { blockLine, customerAndPlayers, linkedText } from './booking-text.ts';
import { useDeskCash } from './desk-cash.ts';
import { dayAgenda, type AgendaItem } from './layout.ts';
import { bookingLook, closureLook, freeLook, linkedLook, waitingLook } from './look.ts';
import { waitlistAt } from '../waitlist/links.ts';
import type { ColumnActions } from './FacilityColumn.tsx';
import { clockTime, timeRange } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';

/** The colour mark at the start of a line: the grid's look for that kind of time. */
const Mark = ({ sx }: { sx: object }) => <Box aria-hidden sx={{ width: 6, alignSelf: 'stretch', borderRadius: 0.5, mr: 1.5, flexShrink: 0, ...sx }} />;

const BookingLine = ({ booking: b, facility, actions }: { booking: DayViewBooking; facility: DayViewFacility; actions: ColumnActions }) => {
  const cash = useDeskCash(b.id).amount;
  return (
    <ListItem disablePadding>
      <ListItemButton onClick={(e) => actions.open(b, facility, e.currentTarget)} aria-haspopup="dialog" data-testid="day-booking">
        <Mark sx={bookingLook(b)} />
        <ListItemText primary={customerAndPlayers(b)} secondary={blockLine(b, cash)} />
      </ListItemButton>
    </ListItem>
  );
};

/** A closure: a manager opens it (to move or reopen it), the desk reads it. */
const ClosureLine = ({ closure: c }: { closure: DayViewClosure }) => {
  const editable = useCan('closures', 'edit');
  const text = (
    <>
      <Mark sx={closureLook} />
      <ListItemText primary={`Closed ${timeRange(c.startTime, c.endTime)}: ${c.reason}`} secondary={kindLabel(c.kind)} />
    </>
  );
  return editable ? (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={`/closures/${c.id}`} data-testid="day-closure">
        {text}
      </ListItemButton>
    </ListItem>
  ) : (
    <ListItem data-testid="day-closure">{text}</ListItem>
  );
};

/** Time a linked facility holds: "Half A booked 12:00–13:00", not for sale here. */
const LinkedLine = ({ linked: l }: { linked: DayViewLinked }) => (
  <ListItem data-testid="day-linked-block">
    <Mark sx={linkedLook} />
    <ListItemText primary={linkedText(l)} secondary="Not for sale here" />
  </ListItem>
);

/** Customers waiting for a time: opens the Waitlist at that facility and day. */
const WaitingLine = ({ waiting: w, facility, date }: { waiting: DayViewWaiting; facility: DayViewFacility; date: string }) => (
  <ListItem disablePadding>
    <ListItemButton component={Link} to={waitlistAt(facility.id, date)} data-testid="day-waiting">
      <Mark sx={{ bgcolor: waitingLook.bgcolor }} />
      <ListItemText primary={`${w.count} waiting`} secondary={`for ${timeRange(w.startTime, w.endTime)}: open the waitlist`} />
    </ListItemButton>
  </ListItem>
);

const Line = ({ item, facility, date, actions }: { item: AgendaItem; facility: DayViewFacility; date: string; actions: ColumnActions }) => {
  if (item.kind === 'waiting') return <WaitingLine waiting={item.waiting} facility={facility} date={date} />;
  if (item.kind === 'booking') {
    return <BookingLine booking={item.booking} facility={facility} actions={actions} />;
  }
  if (item.kind === 'closure') return <ClosureLine closure={item.closure} />;
  if (item.kind === 'linked') return <LinkedLine linked={item.linked} />;
  const first = item.bookable[0];
  return (
    <ListItem
      secondaryAction={
        first !== undefined && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => actions.book(facility, first)} aria-label={`Book ${facility.name} at ${clockTime(first)}`}>
            Book
          </Button>
        )
      }
    >
      <Mark sx={freeLook} />
      <ListItemText primary={`Free ${timeRange(item.gap.start, item.gap.end)}`} slotProps={{ primary: { color: 'text.secondary' } }} />
    </ListItem>
  );
};

/**
 * The day as a list, one card per facility (the phone's day view): each booking opens the same
 * actions as on the grid, each free stretch has Book, each closure opens the closure (for a manager),
 * each time customers wait for opens the Waitlist; time a linked facility holds is said, not offered.
 */
export const DayList = ({ day, actions }: { day: DayView; actions: ColumnActions }) => (
  <Stack spacing={2} data-testid="day-list">
    {day.facilities.map((f) => {
      const agenda = dayAgenda(f);
      return (
        <Card key={f.id} component="section" aria-labelledby={`day-list-${f.id}`}>
          <CardContent sx={{ pb: 1 }}>
            <Typography id={`day-list-${f.id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {f.name}
              {f.isDeleted ? ' (deleted)' : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {f.hours ? `Open ${timeRange(f.hours.open, f.hours.close)}` : 'Closed today'}
            </Typography>
            {agenda.length > 0 && (
              <List dense disablePadding sx={{ mt: 1 }}>
                {agenda.map((item) => (
                  <Line key={`${item.kind}-${item.start}-${item.kind === 'waiting' ? item.waiting.endTime : item.kind === 'linked' ? item.linked.facilityId : ''}`} item={item} facility={f} date={day.date} actions={actions} />
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      );
    })}
  </Stack>
);
