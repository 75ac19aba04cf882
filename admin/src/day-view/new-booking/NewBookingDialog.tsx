import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useNavigate, useRefresh } from 'react-admin';
import { TEXT_LIMITS } from '@courtside/domain';
import { ConflictList } from '../../common/ConflictList.tsx';
import { conflictsOf, type Conflict } from '../../common/conflicts.ts';
import { countOf, failure } from '../../common/format.ts';
import { SlotFields } from '../../common/SlotFields.tsx';
import { fitToDay, minutesBetween, type SlotChoice } from '../../common/slot-times.ts';
import { useFacilities } from '../../common/useFacilities.ts';
import { useCan } from '../../common/useCan.ts';
import { useIsPhone } from '../../common/useIsPhone.ts';
import type { FacilityRecord } from '../../facilities/types.ts';
import { Booked, type BookedResult } from './Booked.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';
import { missing, newDraft, type BookingDraft } from './draft.ts';
import { errorCode } from '../../common/errors.ts';
import { PaymentChoice } from './PaymentChoice.tsx';
import { previewBooks, previewSummary, priceLine, seriesPriceLine } from './quote.ts';
import { RepeatFields } from './RepeatFields.tsx';
import { SeriesPreview } from './SeriesPreview.tsx';
import { useBookDraft } from './useBookDraft.ts';
import { useDeskQuote, useSeriesPreview } from './useSeriesPreview.ts';
import { WaitingWarning } from './WaitingWarning.tsx';
import { PaymentMethodChoice } from '../../common/PaymentMethodChoice.tsx';

export interface NewBookingProps {
  /** Where and when, as far as known: a grid cell gives all four, "New booking" the day. */
  at: SlotChoice;
  /** Open with "Repeat weekly" ticked (a new series). */
  repeat?: boolean;
  onClose: () => void;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', lineHeight: 2 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** Whose price the line shows: the picked customer's (what the booking records), or the public one until they are picked. */
function priceNote(d: BookingDraft): string {
  if (d.who === 'walk-in') return 'A walk-in pays the public price; the booking records exactly this.';
  if (!d.customer) return "Public price: find the customer to see theirs (their tier may change it).";
  return `${d.customer.name}'s price (their tier, the facility's price rules, the length): the booking records exactly this.`;
}

/** The server asks staff to confirm a start before now (IN_THE_PAST on lateEntry), rather than refusing outright. */
function needsLateEntry(error: unknown): boolean {
  if (errorCode(error) !== 'IN_THE_PAST') return false;
  const body = (error as { body?: { errorMessages?: { path?: string }[] } }).body;
  return body?.errorMessages?.[0]?.path === 'lateEntry';
}

/** The form: where and when, who, how often (managers), the price, how it is paid, a note. Enter books; Esc closes. */
const DraftStep = ({ facilities, at, repeat, onBooked, onCancel }: { facilities: FacilityRecord[]; at: SlotChoice; repeat: boolean; onBooked: (r: BookedResult) => void; onCancel: () => void }) => {
  const [draft, setDraft] = useState(() => {
    const f = facilities.find((x) => x.id === at.facilityId) ?? facilities[0];
    return newDraft(f ? fitToDay(f, { ...at, facilityId: f.id }) : at, repeat);
  });
  const [problem, setProblem] = useState<{ message: string; conflicts?: Conflict[] }>();
  // The server refused a start before now: staff are asked whether it is a late entry (a walk-in already playing).
  const [askLate, setAskLate] = useState(false);
  const [busy, setBusy] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const preview = useSeriesPreview(draft);
  const quote = useDeskQuote(draft);
  const book = useBookDraft();
  // A weekly series is a manager's to set up; the desk books single dates.
  const canRepeat = useCan('series', 'create');
  const dates = draft.repeat && preview.current ? preview.data?.dates : undefined;
  const price = draft.repeat
    ? preview.current && preview.data && seriesPriceLine(preview.data)
    : quote.current && quote.data
      ? priceLine(quote.data, minutesBetween(draft.startTime, draft.endTime))
      : undefined;

  const change = (patch: Partial<BookingDraft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      // A series is paid at the desk or later: a link is for one booking.
      return next.repeat && next.payment === 'link' ? { ...next, payment: 'desk' } : next;
    });
    setProblem(undefined);
    setAskLate(false);
  };
  const refuse = (message: string, conflicts?: Conflict[]) => {
    setProblem({ message, conflicts });
    requestAnimationFrame(() => problemRef.current?.focus());
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const gap = missing(draft);
    if (gap) return refuse(gap);
    if (draft.repeat) {
      if (!dates) return refuse('The dates are still being checked; try again in a moment.');
      if (!previewBooks(dates, draft.repeat.onConflict)) return refuse(previewSummary(dates, draft.repeat.onConflict));
    }
    setBusy(true);
    try {
      onBooked(await book(draft, askLate));
    } catch (error) {
      if (!askLate && needsLateEntry(error)) setAskLate(true);
      else refuse(failure('Not booked', error), conflictsOf(error));
    } finally {
      setBusy(false);
    }
  };
  const free = dates?.filter((d) => d.free).length ?? 0;
  return (
    // A flex column, so the fields scroll inside the dialog and its buttons stay in view on any screen.
    <Box component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <DialogTitle id="new-booking-title">{draft.repeat ? 'New weekly series' : 'New booking'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Section title="When">
            <SlotFields facilities={facilities} value={draft} onChange={change} />
            <WaitingWarning draft={draft} />
          </Section>
          <Section title="For">
            <CustomerPicker value={draft} onChange={change} />
          </Section>
          {(canRepeat || draft.repeat) && (
            <Section title="Repeat">
              <RepeatFields date={draft.date} value={draft.repeat} onChange={(r) => change({ repeat: r })} />
              {draft.repeat && preview.asked && (
                <Box sx={{ mt: 2 }}>
                  <SeriesPreview dates={preview.data?.dates} loading={!preview.current} error={preview.error} onConflict={draft.repeat.onConflict} />
                </Box>
              )}
            </Section>
          )}
          <Divider />
          <Box>
            <Typography sx={{ fontWeight: 600 }} data-testid="booking-price" role="status">
              Price: {price ?? '—'}
            </Typography>
            <Typography variant="caption" color={quote.error && !draft.repeat ? 'error' : 'text.secondary'}>
              {quote.error && !draft.repeat ? failure('No price for these times', quote.error) : priceNote(draft)}
            </Typography>
          </Box>
          <PaymentChoice value={draft.payment} repeat={draft.repeat !== null} onChange={(payment) => change({ payment })} />
          {draft.payment === 'desk' && <PaymentMethodChoice value={draft.paymentMethod} onChange={(paymentMethod) => change({ paymentMethod })} />}
          <TextField label="Note" value={draft.note} onChange={(e) => change({ note: e.target.value })} multiline minRows={1} maxRows={4} helperText="Optional, for staff: racket hire, who to ask for..." slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.bookingNote } }} />
          {askLate && (
            <Alert severity="warning" role="status">
              This booking starts before now. If the player is already on court, book it as a late entry.
            </Alert>
          )}
          {problem && (
            <Alert severity="error" role="alert" ref={problemRef} tabIndex={-1}>
              {problem.message}
              {problem.conflicts && <ConflictList conflicts={problem.conflicts} label="Dates in the way" />}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {draft.repeat ? (dates ? `Book ${countOf(draft.repeat.onConflict === 'skip' ? free : dates.length, 'date')}` : 'Book series') : askLate ? 'Book as a late entry' : 'Book'}
        </Button>
      </DialogActions>
    </Box>
  );
};

/** The outcome and where to go next; focus lands on Done, so Enter (or Esc) closes. */
const BookedStep = ({ result, onDone }: { result: BookedResult; onDone: () => void }) => {
  const navigate = useNavigate();
  const open = result.kind === 'booking' ? { label: 'Open booking', to: `/bookings/${result.booking.id}/show` } : { label: 'Open series', to: `/series/${result.series.id}/show` };
  return (
    <>
      <DialogTitle id="new-booking-title">{result.kind === 'booking' ? 'Booked' : 'Series booked'}</DialogTitle>
      <DialogContent dividers>
        <Booked result={result} />
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            onDone();
            navigate(open.to);
          }}
        >
          {open.label}
        </Button>
        <Button variant="contained" onClick={onDone} autoFocus>
          Done
        </Button>
      </DialogActions>
    </>
  );
};

/**
 * Book from the front desk: for a customer or a walk-in, paid at the desk, later or by link,
 * once or weekly (with each date checked before saving). Its code loads when it first opens.
 */
export const NewBookingDialog = ({ at, repeat = false, onClose }: NewBookingProps) => {
  const phone = useIsPhone();
  const refresh = useRefresh();
  const { data: facilities, error } = useFacilities();
  const [result, setResult] = useState<BookedResult>();
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="new-booking-title" data-testid="new-booking-dialog">
      {result ? (
        <BookedStep result={result} onDone={onClose} />
      ) : facilities ? (
        <DraftStep
          facilities={facilities}
          at={at}
          repeat={repeat}
          onCancel={onClose}
          onBooked={(r) => {
            setResult(r);
            // The grid (and any list) behind the dialog shows the new booking at once.
            refresh();
          }}
        />
      ) : (
        <DialogContent>
          {error ? <Alert severity="error">{failure('The facilities could not be loaded', error)}</Alert> : <Skeleton variant="rounded" height={320} aria-label="Loading" />}
        </DialogContent>
      )}
    </Dialog>
  );
};
