import type { BookingPlayersDto, PlayerDto } from '@courtside/contracts';
import { countOf } from '../common/format.ts';

/** What a player is on the booking: who booked it, someone who joined with an account, or a friend the organizer named. */
export function playerRole(player: Pick<PlayerDto, 'role' | 'userId'>): string {
  if (player.role === 'organizer') return 'Organizer';
  return player.userId === null ? 'Friend, no account' : 'Player';
}

/**
 * Whether staff are offered Remove: never for the organizer (the API refuses with IS_ORGANIZER), and only
 * while the booking may still be joined; once it is cancelled, lapsed or started, the list is a record of who played.
 */
export const removable = (player: Pick<PlayerDto, 'role'>, answer: Pick<BookingPlayersDto, 'joinable'>) => answer.joinable && player.role !== 'organizer';

/** "2 of 4 players · 2 places left", or why nobody may join any more; the numbers are the API's. */
export function placesText(answer: Pick<BookingPlayersDto, 'players' | 'maxPlayers' | 'placesLeft' | 'joinable'>): string {
  const taken = `${answer.players.length} of ${countOf(answer.maxPlayers, 'player')}`;
  if (!answer.joinable) return `${taken} · nobody can join now (the booking is cancelled, lapsed or started)`;
  return answer.placesLeft === 0 ? `${taken} · full` : `${taken} · ${countOf(answer.placesLeft, 'place')} left`;
}
