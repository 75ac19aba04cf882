import { useCallback, useEffect, useState } from 'react';
import type { BookingPlayersDto, PlayerDto } from '@courtside/contracts';
import { isAbort } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-dialog.ts';
import { showToast } from '../../lib/toast.ts';
import { DONE, RENEW_QUESTION, addBody, addPlayer, fetchPlayers, removePlayer, removeQuestion, renewLink } from './players.ts';

export type PlayersLoad = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; players: BookingPlayersDto };

/**
 * One booking's players for its organizer, read when `enabled` (the panel is open), and again
 * when `stamp` changes (the booking was cancelled or paid meanwhile: shares move with it); each
 * change answers the whole list, which replaces the one shown. A refusal is kept on screen
 * (`problem`) until the next change.
 */
export function usePlayers(bookingId: string, enabled: boolean, stamp = '') {
  const [load, setLoad] = useState<PlayersLoad>({ phase: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    try {
      setLoad({ phase: 'ready', players: await fetchPlayers(bookingId, signal) });
    } catch (err) {
      if (!isAbort(err)) setLoad({ phase: 'error', message: (err as Error).message });
    }
  }, [bookingId]);

  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    void refresh(ctrl.signal);
    return () => ctrl.abort();
  }, [enabled, refresh, stamp]);

  /** Runs one change; true when it went through. */
  async function change(what: string, call: () => Promise<BookingPlayersDto>, done: string): Promise<boolean> {
    setBusy(what);
    setProblem(null);
    try {
      setLoad({ phase: 'ready', players: await call() });
      showToast(done, 'success');
      return true;
    } catch (err) {
      setProblem((err as Error).message);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const invite = (email: string) => change('invite', () => addPlayer(bookingId, addBody('email', email)), DONE.invited(email.trim()));
  const addByName = (name: string) => change('add', () => addPlayer(bookingId, addBody('name', name)), DONE.added(name.trim()));

  async function remove(player: PlayerDto) {
    if (!(await confirmDialog({ ...removeQuestion(player), danger: true }))) return;
    await change(`remove:${player.id}`, () => removePlayer(bookingId, player.id), DONE.removed(player.name));
  }

  async function renew() {
    if (!(await confirmDialog(RENEW_QUESTION))) return;
    await change('renew', () => renewLink(bookingId), DONE.renewed);
  }

  return { load, busy, problem, refresh: () => refresh(), invite, addByName, remove, renew };
}

/** Copies the link: the clipboard where the browser allows it, else the selected text of its field. */
export async function copyLink(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand('copy');
  }
}
