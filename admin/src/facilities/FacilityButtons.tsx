import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { httpClient } from '../dataProvider.ts';
import { BookingsConfirm } from './BookingsInTheWay.tsx';
import { bookingsInTheWay, bookingsText, type BookingsInTheWay } from './bookings-in-the-way.ts';
import type { FacilityRecord } from './types.ts';

/**
 * Soft delete: the facility leaves the public site; its bookings stay in history. While it has
 * live bookings the API refuses with their list; staff then see them and may confirm, which
 * deletes it again with cancelBookings=true: each is cancelled by the venue, paid ones refunded.
 */
export const DeleteFacilityButton = ({ redirectTo }: { redirectTo?: 'list' }) => {
  const record = useRecordContext<FacilityRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [inTheWay, setInTheWay] = useState<BookingsInTheWay>();
  const [busy, setBusy] = useState(false);
  const allowed = useCan('facilities', 'delete');
  if (!allowed || !record || record.isDeleted) return null;
  const done = (message: string) => {
    notify(message, { type: 'success' });
    if (redirectTo) redirect('list', 'facilities');
    else refresh();
  };
  const cancelAndDelete = async () => {
    const n = inTheWay?.count ?? 0;
    setBusy(true);
    try {
      await httpClient(`/api/admin/facilities/${encodeURIComponent(record.id)}?cancelBookings=true`, { method: 'DELETE' });
      setInTheWay(undefined);
      done(`Facility deleted; ${bookingsText(n)} cancelled and paid ones refunded`);
    } catch (error) {
      setInTheWay(undefined);
      notify(failure('Failed to delete facility', error), { type: 'error' });
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    // Clicks inside the dialogs must not reach a list row behind them (rows open on click).
    <span onClick={(e) => e.stopPropagation()}>
      <ConfirmButton
        label="Delete"
        icon={<DeleteIcon />}
        color="error"
        confirmColor="warning"
        title={`Delete ${record.name}?`}
        content="It disappears from the public site and can no longer be booked. Existing bookings stay in the history, and you can restore the facility later."
        run={async () => {
          try {
            await dataProvider.delete('facilities', { id: record.id, previousData: record });
            done('Facility deleted successfully');
          } catch (error) {
            const bookings = bookingsInTheWay(error);
            if (bookings) setInTheWay(bookings);
            else notify(failure('Failed to delete facility', error), { type: 'error' });
          }
        }}
      />
      <BookingsConfirm
        inTheWay={inTheWay}
        title={`Cancel and refund these ${bookingsText(inTheWay?.count ?? 0)} and delete?`}
        intro={`${record.name} still has upcoming bookings. Deleting it cancels each of them on behalf of the venue: held slots are released and paid bookings are refunded in full. Customers see the cancellation and the refund in My Bookings.`}
        confirmLabel="Cancel bookings and delete"
        busy={busy}
        onConfirm={() => void cancelAndDelete()}
        onClose={() => setInTheWay(undefined)}
      />
    </span>
  );
};

/** Brings a soft-deleted facility back to the public site. */
export const RestoreFacilityButton = ({ variant = 'text' }: { variant?: 'text' | 'contained' | 'outlined' }) => {
  const record = useRecordContext<FacilityRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  // Restoring is an edit (PUT isDeleted: false): a manager's.
  const allowed = useCan('facilities', 'edit');
  if (!allowed || !record || !record.isDeleted) return null;
  return (
    <ConfirmButton
      label="Restore"
      icon={<RestoreIcon />}
      variant={variant}
      title={`Restore ${record.name}?`}
      content="It reappears on the public site and can be booked again."
      run={async () => {
        try {
          await dataProvider.update('facilities', { id: record.id, data: { isDeleted: false }, previousData: record });
          notify('Facility restored successfully', { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Failed to restore facility', error), { type: 'error' });
        }
      }}
    />
  );
};
