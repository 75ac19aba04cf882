import MoveIcon from '@mui/icons-material/EditCalendarOutlined';
import { DialogButton } from '../common/DialogButton.tsx';
import { lazyScreen } from '../common/lazyScreen.ts';
import { useCan } from '../common/useCan.ts';
import type { SlotChoice } from '../common/slot-times.ts';

const MoveBookingDialog = lazyScreen(() => import('./MoveBookingDialog.tsx'), 'MoveBookingDialog');

/** "Change time": opens the move dialog (its code loads on the first click) for a booking that still holds its time. */
export const MoveBookingButton = ({
  id,
  at,
  who,
  status,
  variant = 'text',
  onMoved,
}: {
  id: string;
  at: SlotChoice;
  who: string;
  status: string;
  variant?: 'text' | 'outlined';
  onMoved?: () => void;
}) => {
  const allowed = useCan('bookings', 'edit');
  if (!allowed || (status !== 'pending' && status !== 'confirmed')) return null;
  return (
    <DialogButton label="Change time" icon={<MoveIcon />} variant={variant}>
      {(close) => (
        <MoveBookingDialog
          id={id}
          from={at}
          who={who}
          onClose={(moved) => {
            close();
            if (moved) onMoved?.();
          }}
        />
      )}
    </DialogButton>
  );
};
