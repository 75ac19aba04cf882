import AddIcon from '@mui/icons-material/Add';
import { DialogButton } from '../common/DialogButton.tsx';
import { NewBookingDialog } from '../day-view/new-booking/index.ts';
import { viewersToday } from '../day-view/dates.ts';
import { useCan } from '../common/useCan.ts';

/** A new weekly series from the list: the day view's booking dialog, opened with "Repeat weekly" ticked. */
export const NewSeriesButton = ({ variant = 'text' }: { variant?: 'text' | 'contained' }) => {
  const allowed = useCan('series', 'create');
  if (!allowed) return null;
  return (
    <DialogButton label="New series" icon={<AddIcon />} variant={variant}>
      {(close) => <NewBookingDialog at={{ facilityId: '', date: viewersToday(), startTime: '', endTime: '' }} repeat onClose={close} />}
    </DialogButton>
  );
};
