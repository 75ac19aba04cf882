import { Alert, Box, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { BookingPlayersDto, PlayerDto } from '@courtside/contracts';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { CopyField } from '../common/CopyField.tsx';
import { DetailSection } from '../common/DetailSection.tsx';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { failure, shortDateTime } from '../common/format.ts';
import { getBookingPlayers, playersQueryKey, removeBookingPlayer } from './players-api.ts';
import { placesText, playerRole, removable } from './players.ts';

/** Takes one player off the booking, after a question naming them; the list shows the server's answer. */
const RemovePlayerButton = ({ bookingId, player }: { bookingId: string; player: PlayerDto }) => {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (
    <ConfirmButton
      label="Remove"
      ariaLabel={`Remove ${player.name}`}
      color="warning"
      confirmColor="warning"
      title={`Remove ${player.name} from this booking?`}
      content={`${player.name} loses their place; the place is free for someone else to join.`}
      confirmLabel="Remove player"
      run={async () => {
        try {
          queryClient.setQueryData(playersQueryKey(bookingId), await removeBookingPlayer(bookingId, player.id));
          // The day view names each booking's players.
          void queryClient.invalidateQueries({ queryKey: ['courtside', 'day-view'] });
          notify(`${player.name} was removed from the booking`, { type: 'success' });
        } catch (error) {
          notify(failure(`Could not remove ${player.name}`, error), { type: 'error' });
          void queryClient.invalidateQueries({ queryKey: playersQueryKey(bookingId) });
        }
      }}
    />
  );
};

const Players = ({ bookingId, answer }: { bookingId: string; answer: BookingPlayersDto }) => (
  <>
    <Typography variant="body2" color="text.secondary" data-testid="booking-places">
      {placesText(answer)}
    </Typography>
    <Table size="small" aria-label="Players" sx={{ maxWidth: 640, mt: 1, '& .MuiTableCell-root:first-of-type': { pl: 0 } }}>
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Role</TableCell>
          <TableCell>
            <ScreenReaderText>Actions</ScreenReaderText>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {answer.players.map((p) => (
          <TableRow key={p.id} data-testid="booking-player">
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.name}</TableCell>
            <TableCell>{playerRole(p)}</TableCell>
            <TableCell align="right">{removable(p, answer) && <RemovePlayerButton bookingId={bookingId} player={p} />}</TableCell>
          </TableRow>
        ))}
        {/* Invitations still out; moot once nobody can join. */}
        {answer.joinable &&
          answer.invited.map((i) => (
            <TableRow key={i.email} data-testid="booking-invited">
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{i.email}</TableCell>
              <TableCell colSpan={2}>Invited {shortDateTime(i.invitedAt)}, not joined yet</TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
    {answer.joinable && answer.inviteUrl && (
      <Box sx={{ mt: 2, maxWidth: 560 }}>
        <CopyField label="Invite link" value={answer.inviteUrl} />
        <Typography variant="caption" color="text.secondary">
          Whoever has the link and an account can join while places are left.
        </Typography>
      </Box>
    )}
  </>
);

/** Who plays in the booking (GET /api/bookings/:id/players): whole names, each player's role, Remove, and the invite link. */
export const PlayersSection = ({ bookingId }: { bookingId: string }) => {
  const { data, error } = useQuery({ queryKey: playersQueryKey(bookingId), queryFn: () => getBookingPlayers(bookingId) });
  return (
    <DetailSection title="Players">
      {data ? (
        <Players bookingId={bookingId} answer={data} />
      ) : error ? (
        <Alert severity="error">{failure('Could not load the players', error)}</Alert>
      ) : (
        <Skeleton variant="rounded" height={96} sx={{ maxWidth: 560 }} />
      )}
    </DetailSection>
  );
};
