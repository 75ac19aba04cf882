import { NumberInput, maxValue, minValue, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MAX_PLAYERS_RANGE, defaultMaxPlayers, isSport } from '@courtside/domain';
import { usualPlayersText } from './players.ts';

const inRange = [minValue(MAX_PLAYERS_RANGE.min), maxValue(MAX_PLAYERS_RANGE.max)];

/**
 * How many may play on one booking, its organizer counted. A new facility may leave it empty:
 * the API then gives it the sport's usual number, which the placeholder shows (so changing the
 * sport never leaves a stale number behind). A saved facility always has one.
 */
export const MaxPlayersInput = ({ creating }: { creating: boolean }) => {
  const sport: unknown = useWatch({ name: 'sport' });
  const usual = usualPlayersText(sport);
  return (
    <NumberInput
      source="maxPlayers"
      label="Players per booking"
      validate={creating ? inRange : [required(), ...inRange]}
      min={MAX_PLAYERS_RANGE.min}
      max={MAX_PLAYERS_RANGE.max}
      step={1}
      placeholder={creating && isSport(sport) ? String(defaultMaxPlayers(sport)) : undefined}
      helperText={creating && usual ? `${usual} (used when left empty)` : usual || ' '}
      sx={{ width: 300 }}
    />
  );
};
