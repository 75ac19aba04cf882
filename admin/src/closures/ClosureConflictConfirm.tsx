import { ConfirmAffected } from '../common/ConfirmAffected.tsx';
import { ConflictList } from '../common/ConflictList.tsx';
import { countOf } from '../common/format.ts';
import type { useClosureSave } from './useClosureSave.ts';

/** The bookings a closure would cover, shown before anything is cancelled: go ahead (cancel and refund them) or keep them. */
export const ClosureConflictConfirm = ({ save }: { save: ReturnType<typeof useClosureSave> }) => {
  const n = save.held?.conflicts.length ?? 0;
  return (
    <ConfirmAffected
      open={save.held !== undefined}
      title={`Cancel ${n === 1 ? 'this booking' : `these ${countOf(n, 'booking')}`} and refund ${n === 1 ? 'it' : 'them'}?`}
      intro="The closure covers these bookings. Closing anyway cancels each one for the venue: held slots are released, paid ones are refunded in full, and customers with an email are told why."
      confirmLabel={`Cancel ${countOf(n, 'booking')} and close`}
      busy={save.busy}
      onConfirm={() => void save.cancelBookingsAndSave()}
      onClose={save.keepThem}
    >
      <ConflictList conflicts={save.held?.conflicts ?? []} label="Bookings the closure covers" />
    </ConfirmAffected>
  );
};
