import { useState, type FormEvent } from 'react';
import type { PriceChangeDto } from '@courtside/contracts';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Skeleton } from '@mui/material';
import { SlotFields } from '../common/SlotFields.tsx';
import type { SlotChoice } from '../common/slot-times.ts';
import { useFacilities } from '../common/useFacilities.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { money } from '../common/format.ts';
import { priceChangeText } from './price-change.ts';
import { useMoveBooking } from './useMoveBooking.ts';

/**
 * Change a booking's facility, date or times: the keyboard's (and a phone's) way to do what
 * dragging does on the day grid. A paid booking keeps its payment; the customer is emailed.
 * A move that changes the price says so first, and moves only when staff confirm it.
 */
export const MoveBookingDialog = ({ id, from, who, onClose }: { id: string; from: SlotChoice; who: string; onClose: (moved: boolean) => void }) => {
  const { data: facilities, isPending } = useFacilities();
  const move = useMoveBooking();
  const phone = useIsPhone();
  const [to, setTo] = useState(from);
  const [refusal, setRefusal] = useState<string>();
  // The price change the server asks staff to confirm for this choice: shown before the booking moves.
  const [priceChange, setPriceChange] = useState<PriceChangeDto>();
  const [busy, setBusy] = useState(false);
  const unchanged = (Object.keys(from) as (keyof SlotChoice)[]).every((k) => from[k] === to[k]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (unchanged) return onClose(false);
    setBusy(true);
    const facilityName = facilities?.find((f) => f.id === to.facilityId)?.name ?? '';
    const result = await move(id, to, facilityName, priceChange !== undefined);
    setBusy(false);
    if (result.ok) onClose(true);
    else if (result.priceChange) setPriceChange(result.priceChange);
    else setRefusal(result.reason);
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="move-booking-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="move-booking-title">Change time</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{who}. A paid booking keeps its payment (a new price shows as a balance to collect or give back); the customer is told by email.</DialogContentText>
          {isPending || !facilities ? <Skeleton variant="rounded" height={128} /> : <SlotFields
              facilities={facilities}
              value={to}
              onChange={(next) => {
                setTo(next);
                setRefusal(undefined);
                setPriceChange(undefined);
              }}
            />}
          {refusal && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {refusal}
            </Alert>
          )}
          {priceChange && (
            <Alert severity="warning" sx={{ mt: 2 }} role="status">
              {priceChangeText(priceChange, money)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>Keep it</Button>
          <Button type="submit" variant="contained" disabled={busy || unchanged}>
            {priceChange ? 'Move at the new price' : 'Move booking'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
