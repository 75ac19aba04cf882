import { useId, useRef, useState } from 'react';
import type { BookingPlayersDto, PlayerDto } from '@courtside/contracts';
import { TEXT_LIMITS } from '@courtside/domain';
import { showToast } from '../../lib/toast.ts';
import { LoadFailed } from '../../ui/LoadStatus.tsx';
import { Pill } from '../dashboard/Pill.tsx';
import { DONE, placesText, playerTags, removable, shareBadge, splitSummary } from './players.ts';
import { copyLink, usePlayers } from './usePlayers.ts';
import './players.css';

type Players = ReturnType<typeof usePlayers>;

/**
 * The organizer's players of one booking (opened from "Players (2/4)" in My bookings): the list,
 * each with their share when the cost is split (and where the split stands above it), Remove
 * (asked first), the link with Copy link and New link, Invite by email, Add by name, and the
 * addresses invited who have not joined yet. Once nobody may join, only who plays and their shares.
 */
export function PlayersPanel({ id, label, booking, players }: { id: string; label: string; booking: { timeZone: string; cancelled: boolean }; players: Players }) {
  const { load, busy, problem } = players;
  if (load.phase === 'loading') return <p id={id} className="muted" role="status">Loading the players…</p>;
  if (load.phase === 'error') return <div id={id}><LoadFailed text={load.message} onRetry={() => void players.refresh()} /></div>;
  const p = load.players;
  return (
    <section id={id} className="players-panel" aria-label={`Players: ${label}`}>
      {p.joinable && <p className="players-places">{placesText(p.placesLeft)}</p>}
      {p.split && <SplitSummary {...splitSummary(p.split, booking)} />}
      <ul className="players-list">
        {p.players.map((player) => (
          <PlayerItem key={player.id} player={player} removing={busy === `remove:${player.id}`} onRemove={p.joinable ? () => void players.remove(player) : null} />
        ))}
      </ul>
      {problem && <p className="alert alert-error" role="alert">{problem}</p>}
      {p.joinable ? <Gather players={p} actions={players} /> : <p className="muted">Nobody can join this booking any more.</p>}
      {p.invited.length > 0 && (
        <div className="players-invited">
          <h4>Invited, not joined yet</h4>
          <ul>{p.invited.map((i) => <li key={i.email} className="user-text">{i.email}</li>)}</ul>
        </div>
      )}
    </section>
  );
}

function SplitSummary({ summary, owed }: { summary: string; owed: string | null }) {
  return (
    <div className="players-split">
      <p>{summary}</p>
      {owed && <p className="alert alert-error">{owed}</p>}
    </div>
  );
}

/** One player; Remove while players may still join (null: the list is only read). */
function PlayerItem({ player, removing, onRemove }: { player: PlayerDto; removing: boolean; onRemove: (() => void) | null }) {
  return (
    <li className="players-item">
      <span className="players-name user-text">{player.name}</span>
      {playerTags(player).map((tag) => <span key={tag} className="badge badge-neutral">{tag}</span>)}
      {player.share && <Pill badge={shareBadge(player.share)} />}
      {onRemove && removable(player) && (
        <button type="button" className="btn btn-small btn-outline-danger" onClick={onRemove} disabled={removing} aria-label={`Remove ${player.name}`}>
          {removing ? 'Removing…' : 'Remove'}
        </button>
      )}
    </li>
  );
}

/** The link and the two forms: what only a booking players may still join shows. */
function Gather({ players: p, actions }: { players: BookingPlayersDto; actions: Players }) {
  const linkId = useId();
  const field = useRef<HTMLInputElement>(null);
  async function copy() {
    if (p.inviteUrl && (await copyLink(p.inviteUrl, field.current))) showToast(DONE.copied, 'success');
  }
  return (
    <>
      {p.inviteUrl && (
        <div className="players-link">
          <label htmlFor={linkId}>Link to share</label>
          <div className="players-link-row">
            <input id={linkId} ref={field} type="text" readOnly value={p.inviteUrl} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn-small" onClick={() => void copy()}>Copy link</button>
          </div>
          <p className="players-renew">
            <button type="button" className="btn btn-small btn-secondary" onClick={() => void actions.renew()} disabled={actions.busy === 'renew'}>
              {actions.busy === 'renew' ? 'Making a new link…' : 'New link'}
            </button>
            <small className="muted">The current link then stops working.</small>
          </p>
        </div>
      )}
      <AddForm title="Invite by email" placeholder="name@example.com" type="email" maxLength={TEXT_LIMITS.email} submit="Invite" busy={actions.busy === 'invite'}
        hint="We email them the link; they join with an account." onSubmit={actions.invite} />
      <AddForm title="Add by name" placeholder="Their name" type="text" maxLength={TEXT_LIMITS.personName} submit="Add" busy={actions.busy === 'add'}
        hint="A friend without an account: they are on the booking at once." onSubmit={actions.addByName} />
    </>
  );
}

function AddForm(props: { title: string; placeholder: string; type: 'email' | 'text'; maxLength: number; submit: string; busy: boolean; hint: string; onSubmit: (value: string) => Promise<boolean> }) {
  const id = useId();
  const [value, setValue] = useState('');
  async function submit(event: Event) {
    event.preventDefault();
    if (!(event.currentTarget as HTMLFormElement).reportValidity()) return;
    if (await props.onSubmit(value)) setValue('');
  }
  return (
    <form className="players-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-field`} className="players-form-title">{props.title}</label>
      <div className="players-link-row">
        <input id={`${id}-field`} type={props.type} required maxLength={props.maxLength} value={value} aria-describedby={`${id}-hint`}
          autoComplete="off" placeholder={props.placeholder} onInput={(e) => setValue(e.currentTarget.value)} />
        <button type="submit" className="btn btn-small" disabled={props.busy}>{props.busy ? `${props.submit}…` : props.submit}</button>
      </div>
      <small id={`${id}-hint`} className="muted">{props.hint}</small>
    </form>
  );
}
