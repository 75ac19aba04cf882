import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Skeleton } from '@mui/material';
import { SlotFields } from '../common/SlotFields.tsx';
import type { SlotChoice } from '../common/slot-times.ts';
import { useFacilities } from '../common/useFacilities.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import type { MoveConsent, MoveQuestion } from './price-change.ts';
import { useMoveBooking } from './useMoveBooking.ts';

/**
 * Change a booking's facility, date or times: the keyboard's (and a phone's) way to do what
 * dragging does on the day grid. A paid booking keeps its payment; the customer is emailed.
 * A move to another sport, or one that changes the price, says so first and moves only when
 * staff confirm it (each question in turn, the server's).
 */
export const MoveBookingDialog = ({ id, from, who, onClose }: { id: string; from: SlotChoice; who: string; onClose: (moved: boolean) => void }) => {
  const { data: facilities, isPending } = useFacilities();
  const move = useMoveBooking();
  const phone = useIsPhone();
  const [to, setTo] = useState(from);
  const [refusal, setRefusal] = useState<string>();
  // The server's question about this choice (another sport, another price), and what staff agreed to so far.
  const [question, setQuestion] = useState<MoveQuestion>();
  const [consent, setConsent] = useState<MoveConsent>({});
  const [busy, setBusy] = useState(false);
  const unchanged = (Object.keys(from) as (keyof SlotChoice)[]).every((k) => from[k] === to[k]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (unchanged) return onClose(false);
    setBusy(true);
    const facilityName = facilities?.find((f) => f.id === to.facilityId)?.name ?? '';
    // Submitting with a question shown answers it: yes.
    const agreed = question ? { ...consent, ...question.consent } : consent;
    const result = await move(id, to, facilityName, agreed);
    setBusy(false);
    setConsent(agreed);
    setQuestion(!result.ok ? result.question : undefined);
    if (result.ok) onClose(true);
    else if (!result.question) setRefusal(result.reason);
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="move-booking-title">
      {/* A flex column, so the fields scroll inside the dialog and its buttons stay in view. */}
      <Box component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id="move-booking-title">Change time</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{who}. A paid booking keeps its payment (a new price shows as a balance to collect or give back); the customer is told by email.</DialogContentText>
          {isPending || !facilities ? <Skeleton variant="rounded" height={128} /> : <SlotFields
              facilities={facilities}
              value={to}
              onChange={(next) => {
                setTo(next);
                setRefusal(undefined);
                setQuestion(undefined);
                setConsent({});
              }}
            />}
          {refusal && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {refusal}
            </Alert>
          )}
          {question && (
            <Alert severity="warning" sx={{ mt: 2 }} role="status" data-testid="move-question">
              {question.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>Keep it</Button>
          <Button type="submit" variant="contained" disabled={busy || unchanged}>
            {question ? question.confirm : 'Move booking'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
