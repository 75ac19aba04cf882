import { defaultMaxPlayers, isSport, SPORT_LABELS } from '@courtside/domain';

/**
 * "Usual for padel: 4": the helper under a facility's players per booking, from the domain's
 * number for the sport chosen (what a new facility gets when the field is left empty).
 */
export function usualPlayersText(sport: unknown): string {
  if (!isSport(sport)) return '';
  const usual = defaultMaxPlayers(sport);
  return sport === 'other' ? `Usual: ${usual}` : `Usual for ${SPORT_LABELS[sport].toLowerCase()}: ${usual}`;
}
