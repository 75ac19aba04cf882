import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { BookingPlayersDto, PlayerDto, SplitDto } from '@courtside/contracts';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { CopyField } from '../common/CopyField.tsx';
import { DetailSection } from '../common/DetailSection.tsx';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { failure, shortDateTime } from '../common/format.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { addBookingPlayer, getBookingPlayers, playersQueryKey, removeBookingPlayer, renewBookingLink } from './players-api.ts';
import { placesText, playerRole, removable } from './players.ts';
import { coveredText, openText, owedText, paidShareRefund, paidText, shareText, splitHeadline } from './split.ts';

/** Runs a change of the booking's players and shows the server's answer (the day view names them too). */
function usePlayersChange(bookingId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (change: () => Promise<BookingPlayersDto>, done: string, failed: string): Promise<boolean> => {
    try {
      queryClient.setQueryData(playersQueryKey(bookingId), await change());
      void queryClient.invalidateQueries({ queryKey: ['courtside', 'day-view'] });
      notify(done, { type: 'success' });
      return true;
    } catch (error) {
      notify(failure(failed, error), { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: playersQueryKey(bookingId) });
      return false;
    }
  };
}

/** Takes one player off the booking, after a question naming them; the list shows the server's answer. */
const RemovePlayerButton = ({ bookingId, player }: { bookingId: string; player: PlayerDto }) => {
  const change = usePlayersChange(bookingId);
  return (
    <ConfirmButton
      label="Remove"
      ariaLabel={`Remove ${player.name}`}
      color="warning"
      confirmColor="warning"
      title={`Remove ${player.name} from this booking?`}
      content={`${player.name} loses their place; the place is free for someone else to join.${paidShareRefund(player)}`}
      confirmLabel="Remove player"
      run={async () => {
        await change(() => removeBookingPlayer(bookingId, player.id), `${player.name} was removed from the booking`, `Could not remove ${player.name}`);
      }}
    />
  );
};

/** A walk-in without an account, added by the name the desk types. */
const AddPlayerForm = ({ bookingId }: { bookingId: string }) => {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const change = usePlayersChange(bookingId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    if (await change(() => addBookingPlayer(bookingId, name.trim()), `${name.trim()} was added to the booking`, `Could not add ${name.trim()}`)) setName('');
    setBusy(false);
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2, maxWidth: 560 }}>
      <TextField size="small" label="Add a player by name" value={name} onChange={(e) => setName(e.target.value)} helperText="Someone without an account" sx={{ flex: 1 }} />
      <Button type="submit" variant="outlined" disabled={busy || !name.trim()}>
        Add
      </Button>
    </Box>
  );
};

/** A new link, after a question: whoever has the old one can no longer join. */
const RenewLinkButton = ({ bookingId }: { bookingId: string }) => {
  const change = usePlayersChange(bookingId);
  return (
    <ConfirmButton
      label="New link"
      title="Make a new invite link?"
      content="The current link stops working at once; share the new one with whoever should still join."
      confirmLabel="Make a new link"
      run={async () => {
        await change(() => renewBookingLink(bookingId), 'A new link was made: the old one no longer works', 'Could not make a new link');
      }}
    />
  );
};

/** Where the split payment stands, in the API's numbers: shares, paid, open and when they go to the organizer; what they owe stands out. */
const SplitSummary = ({ split, timeZone }: { split: SplitDto; timeZone: string }) => {
  const covered = coveredText(split);
  const owed = owedText(split);
  return (
    <Box sx={{ mt: 1, maxWidth: 640 }} data-testid="booking-split">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {splitHeadline(split)}
      </Typography>
      <Typography variant="body2">{paidText(split)}</Typography>
      <Typography variant="body2">{openText(split, timeZone)}</Typography>
      {covered && <Typography variant="body2">{covered}</Typography>}
      {owed && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="booking-split-owed">
          {owed}
        </Alert>
      )}
    </Box>
  );
};

/** A player's share and where it stands; under their role on a phone, where a fourth column would squeeze the names. */
const ShareText = ({ player, block = false }: { player: PlayerDto; block?: boolean }) => (
  <Typography variant={block ? 'caption' : 'body2'} component="span" sx={{ display: block ? 'block' : 'inline', whiteSpace: 'nowrap' }} data-testid="booking-player-share">
    {shareText(player.share)}
  </Typography>
);

const Players = ({ bookingId, answer, timeZone }: { bookingId: string; answer: BookingPlayersDto; timeZone: string }) => {
  const phone = useIsPhone();
  const shareColumn = answer.split !== null && !phone;
  const shareUnderRole = answer.split !== null && phone;
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="booking-places">
        {placesText(answer)}
      </Typography>
      {answer.split && <SplitSummary split={answer.split} timeZone={timeZone} />}
      <Table size="small" aria-label="Players" sx={{ maxWidth: 640, mt: 1, '& .MuiTableCell-root:first-of-type': { pl: 0 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Role</TableCell>
            {shareColumn && <TableCell>Share</TableCell>}
            <TableCell>
              <ScreenReaderText>Actions</ScreenReaderText>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {answer.players.map((p) => (
            <TableRow key={p.id} data-testid="booking-player">
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.name}</TableCell>
              <TableCell>
                {playerRole(p)}
                {shareUnderRole && <ShareText player={p} block />}
              </TableCell>
              {shareColumn && (
                <TableCell>
                  <ShareText player={p} />
                </TableCell>
              )}
              <TableCell align="right">{removable(p, answer) && <RemovePlayerButton bookingId={bookingId} player={p} />}</TableCell>
            </TableRow>
          ))}
          {/* Invitations still out; moot once nobody can join. */}
          {answer.joinable &&
            answer.invited.map((i) => (
              <TableRow key={i.email} data-testid="booking-invited">
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{i.email}</TableCell>
                <TableCell colSpan={shareColumn ? 3 : 2}>Invited {shortDateTime(i.invitedAt)}, not joined yet</TableCell>
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
          <Box sx={{ mt: 1 }}>
            <RenewLinkButton bookingId={bookingId} />
          </Box>
        </Box>
      )}
      {answer.joinable && answer.placesLeft > 0 && <AddPlayerForm bookingId={bookingId} />}
    </>
  );
};

/**
 * Who plays in the booking (GET /api/bookings/:id/players): whole names, each player's role (and
 * share, when the cost is split), Remove, and the invite link. `timeZone` is the facility's: the
 * shares' due time reads on its clock, like the booking's own times.
 */
export const PlayersSection = ({ bookingId, timeZone }: { bookingId: string; timeZone: string }) => {
  const { data, error } = useQuery({ queryKey: playersQueryKey(bookingId), queryFn: () => getBookingPlayers(bookingId) });
  return (
    <DetailSection title="Players">
      {data ? (
        <Players bookingId={bookingId} answer={data} timeZone={timeZone} />
      ) : error ? (
        <Alert severity="error">{failure('Could not load the players', error)}</Alert>
      ) : (
        <Skeleton variant="rounded" height={96} sx={{ maxWidth: 560 }} />
      )}
    </DetailSection>
  );
};
