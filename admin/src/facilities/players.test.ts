import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PLAYERS } from '@courtside/domain';
import { usualPlayersText } from './players.ts';

describe("a facility's players per booking", () => {
  it("names the sport's usual number, from the domain", () => {
    expect(usualPlayersText('padel')).toBe(`Usual for padel: ${DEFAULT_MAX_PLAYERS.padel}`);
    expect(usualPlayersText('squash')).toBe(`Usual for squash: ${DEFAULT_MAX_PLAYERS.squash}`);
    expect(usualPlayersText('other')).toBe(`Usual: ${DEFAULT_MAX_PLAYERS.other}`);
  });

  it('says nothing for a sport this build does not know (none chosen yet)', () => {
    expect(usualPlayersText(undefined)).toBe('');
    expect(usualPlayersText('curling')).toBe('');
  });
});
