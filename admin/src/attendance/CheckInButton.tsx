import { useState } from 'react';
import { Button } from '@mui/material';
import CheckIcon from '@mui/icons-material/HowToRegOutlined';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import { useNotify, useRefresh } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Attendance } from '@courtside/domain';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { checkInAction } from './attendance-text.ts';
import { checkInBooking, todayQueryKey, undoCheckIn } from './attendance-api.ts';

/** One click: check a confirmed booking in, undo that, or clear a no-show (the server decides and audits). */
export const CheckInButton = ({
  booking,
  variant = 'outlined',
  onDone,
}: {
  booking: { id: string; status: string; attendance: Attendance; customerName?: string };
  variant?: 'text' | 'outlined' | 'contained';
  onDone?: () => void;
}) => {
  const allowed = useCan('bookings', 'check-in');
  const notify = useNotify();
  const refresh = useRefresh();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const action = checkInAction(booking);
  if (!allowed || !action) return null;
  const who = booking.customerName ? `: ${booking.customerName}` : '';
  return (
    <Button
      size="small"
      variant={variant}
      disabled={busy}
      startIcon={action.undo ? <UndoIcon /> : <CheckIcon />}
      aria-label={`${action.label}${who}`}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      onClick={async () => {
        setBusy(true);
        try {
          await (action.undo ? undoCheckIn(booking.id) : checkInBooking(booking.id));
          notify(action.undo ? (booking.attendance === 'no_show' ? 'No-show cleared' : 'Check-in undone') : `Checked in${who}`, { type: 'success' });
          await queries.invalidateQueries({ queryKey: todayQueryKey });
          refresh();
          onDone?.();
        } catch (error) {
          notify(failure(`${action.label} failed`, error), { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {action.label}
    </Button>
  );
};
