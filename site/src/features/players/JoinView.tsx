import type { JoinPreviewDto } from '@courtside/contracts';
import { MY_BOOKINGS } from '../../lib/paths.ts';
import { LoadFailed } from '../../ui/LoadStatus.tsx';
import { LINK_GONE, invitedTo, refusalText, joinAction, onItText, organizedBy, placesLeftText, playWhen, shareText, signInToJoin, type JoinOutcome } from './join.ts';
import { useJoin } from './useJoin.ts';
import { usePayShare } from './usePayShare.ts';
import './players.css';

/**
 * /join/<token>: the booking a shared link is for (where, when, whose, places left, the share a
 * player pays when the cost is split) and Join; signed out, Join goes through the login page (or
 * sign-up) and back here. Joined a split booking, Pay your share.
 */
export default function JoinView({ token }: { token: string }) {
  const { page, signedIn, joining, outcome, join, retry } = useJoin(token);
  if (page.kind === 'loading') return <p className="muted join-loading" role="status">Loading the booking…</p>;
  if (page.kind === 'failed') return <LoadFailed text={page.message} onRetry={retry} />;
  if (page.kind === 'missing' || outcome?.kind === 'gone') return <LinkGone />;
  const p = page.preview;
  const share = shareText(p);
  return (
    <section className="card join-card" aria-labelledby="join-title">
      <p className="join-kicker">{invitedTo(p.facility.sport)}</p>
      <h1 id="join-title" className="user-text">{p.facility.name}</h1>
      {p.facility.location && <p className="muted join-location user-text">{p.facility.location}</p>}
      <p className="join-when">{playWhen(p)}</p>
      <ul className="join-facts">
        <li className="user-text">{organizedBy(p.organizerFirstName)}</li>
        <li>{placesLeftText(p)}</li>
        {share && <li className="join-share">{share}</li>}
      </ul>
      {outcome ? <Outcome outcome={outcome} bookingId={p.bookingId} split={share !== null} /> : <Action preview={p} token={token} signedIn={signedIn} joining={joining} onJoin={() => void join()} />}
    </section>
  );
}

function Action({ preview, token, signedIn, joining, onJoin }: { preview: JoinPreviewDto; token: string; signedIn: boolean; joining: boolean; onJoin: () => void }) {
  const action = joinAction(preview, signedIn);
  if (action.kind === 'on-it')
    return (
      <p className="alert alert-ok" role="status">
        {onItText(action.role)} <a href={MY_BOOKINGS}>See it in My bookings</a>
      </p>
    );
  if (action.kind === 'refused') return <p className="alert alert-error">{refusalText(action.code, preview.maxPlayers)}</p>;
  if (!action.signedIn)
    return (
      <div className="join-action">
        <a className="btn" href={signInToJoin(token)}>Join</a>
        <p className="muted join-note">You'll log in (or create an account) first, then come back here to join.</p>
      </div>
    );
  return (
    <div className="join-action">
      <button type="button" className="btn" onClick={onJoin} disabled={joining}>{joining ? 'Joining…' : 'Join'}</button>
    </div>
  );
}

function Outcome({ outcome, bookingId, split }: { outcome: Exclude<JoinOutcome, { kind: 'signed-out' } | { kind: 'gone' }>; bookingId: string; split: boolean }) {
  if (outcome.kind === 'joined')
    return (
      <>
        <p className="alert alert-ok" role="status">
          You're in: <a href={MY_BOOKINGS}>see it in My bookings</a>
        </p>
        {split && <PayShare bookingId={bookingId} />}
      </>
    );
  // A refusal (full, no longer joinable, the link renewed meanwhile) in the server's own words.
  return <p className="alert alert-error" role="alert">{outcome.message}</p>;
}

function PayShare({ bookingId }: { bookingId: string }) {
  const { paying, refusal, pay } = usePayShare();
  return (
    <div className="join-action join-pay">
      <button type="button" className="btn" onClick={() => void pay(bookingId)} disabled={paying !== null} aria-busy={paying !== null}>
        {paying ? 'Opening the payment page…' : 'Pay your share'}
      </button>
      {refusal && <p className="alert alert-error" role="alert">{refusal.message}</p>}
    </div>
  );
}

function LinkGone() {
  return (
    <section className="card join-card" aria-labelledby="join-title">
      <h1 id="join-title">This link doesn't work</h1>
      <p>{LINK_GONE}</p>
      <a className="btn btn-secondary" href="/find">Find a court</a>
    </section>
  );
}
