import { Box, Stack, Typography } from '@mui/material';
import { EmailState } from '../common/StatusChip.tsx';
import { shortDateTime } from '../common/format.ts';
import type { EmailRecord } from './types.ts';

/** Small pieces the grid, the phone list and the show view share. */

/** The state chip, and why the last attempt failed while the message is not sent (retrying, or given up). */
export const StateCell = ({ record }: { record: EmailRecord }) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <EmailState value={record.state} />
    {record.state !== 'sent' && record.lastError && (
      // Two lines at most (the whole error is on the message's page), wide enough to read.
      <Typography
        variant="caption"
        color="error"
        title={record.lastError}
        sx={{ width: 160, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'break-word' }}
      >
        {record.lastError}
      </Typography>
    )}
  </Stack>
);

/**
 * An address that wraps, if it must, after its @ ("ann.lee@" / "example.com"), never inside a
 * name; only a part longer than the column breaks (break-word leaves the column's width alone).
 */
export const Address = ({ email }: { email: string }) => {
  const at = email.lastIndexOf('@');
  return (
    <Box component="span" sx={{ overflowWrap: 'break-word' }}>
      {at < 0 ? email : <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</>}
    </Box>
  );
};

/** An instant as a date over its time ("Nov 24" / "2:10 PM"), narrow enough for a grid of seven columns; a dash while there is none (not sent yet). */
export const WhenCell = ({ iso }: { iso: string | null }) => {
  if (!iso) return <Typography variant="body2" color="text.secondary">—</Typography>;
  const text = shortDateTime(iso);
  const comma = text.lastIndexOf(', ');
  return (
    <Stack sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{text.slice(0, comma)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {text.slice(comma + 2)}
      </Typography>
    </Stack>
  );
};
