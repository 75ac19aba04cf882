import { defaultMaxPlayers, isSport, SPORT_LABELS } from '@courtside/domain';
import { countOf } from '../common/format.ts';

/**
 * "Usual for padel: 4": the helper under a facility's players per booking, from the domain's
 * number for the sport chosen (what a new facility gets when the field is left empty).
 */
export function usualPlayersText(sport: unknown): string {
  if (!isSport(sport)) return '';
  const usual = defaultMaxPlayers(sport);
  return sport === 'other' ? `Usual: ${usual}` : `Usual for ${SPORT_LABELS[sport].toLowerCase()}: ${usual}`;
}

/** "4 players" in the facility list: how many one booking may have, its organizer counted. */
export const playersPerBooking = (maxPlayers: number) => countOf(maxPlayers, 'player');
