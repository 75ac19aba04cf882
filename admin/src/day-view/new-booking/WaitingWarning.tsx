import { Alert } from '@mui/material';
import type { WaitingCustomerDto } from '@courtside/contracts';
import { httpClient } from '../../dataProvider.ts';
import { waitingWarning } from '../../waitlist/waitlist-text.ts';
import type { BookingDraft } from './draft.ts';
import { useServerAnswer } from './useServerAnswer.ts';
import { waitingRequest } from './waiting.ts';

/** Who waits for the time the draft would take, in queue order, asked again whenever the place or times change. */
function useWaitingAt(draft: BookingDraft) {
  return useServerAnswer('waiting-at', waitingRequest(draft), async ({ facilityId, ...query }) => {
    const { json } = await httpClient(`/api/admin/waitlist/at/${encodeURIComponent(facilityId)}?${new URLSearchParams(query)}`);
    return json as WaitingCustomerDto[];
  });
}

/**
 * Customers wait for this time: staff see who before booking it from under them. They may still
 * book; nothing is shown while the answer is for other choices, or when nobody waits.
 */
export const WaitingWarning = ({ draft }: { draft: BookingDraft }) => {
  const waiting = useWaitingAt(draft);
  const text = waiting.current && waiting.data ? waitingWarning(waiting.data) : '';
  if (!text) return null;
  return (
    <Alert severity="warning" role="status" data-testid="desk-waiting-warning" sx={{ mt: 2 }}>
      {text}
    </Alert>
  );
};
