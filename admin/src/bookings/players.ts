import type { BookingPlayersDto, PlayerDto } from '@courtside/contracts';
import { countOf } from '../common/format.ts';

/** What a player is on the booking: who booked it, someone who joined with an account, or a friend the organizer named. */
export function playerRole(player: Pick<PlayerDto, 'role' | 'userId'>): string {
  if (player.role === 'organizer') return 'Organizer';
  return player.userId === null ? 'Friend, no account' : 'Player';
}

/** Only the organizer's own place cannot be taken away (the API refuses with IS_ORGANIZER). */
export const removable = (player: Pick<PlayerDto, 'role'>) => player.role !== 'organizer';

/** "2 of 4 players · 2 places left", or why nobody may join any more; the numbers are the API's. */
export function placesText(answer: Pick<BookingPlayersDto, 'players' | 'maxPlayers' | 'placesLeft' | 'joinable'>): string {
  const taken = `${answer.players.length} of ${countOf(answer.maxPlayers, 'player')}`;
  if (!answer.joinable) return `${taken} · nobody can join now (the booking is cancelled, lapsed or started)`;
  return answer.placesLeft === 0 ? `${taken} · full` : `${taken} · ${countOf(answer.placesLeft, 'place')} left`;
}
