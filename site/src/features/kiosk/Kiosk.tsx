import { useEffect, useRef, useState } from 'react';
import {
  BAD_KEY,
  CHECK_FAILED,
  CODE_LENGTH,
  KEY_REFUSED,
  KEY_STORAGE,
  SHOW_ANSWER_MS,
  backspace,
  checkAtDoor,
  looksLikeDeviceKey,
  pressDigit,
  verifyDeviceKey,
  type KioskOutcome,
} from './kiosk.ts';
import './kiosk.css';

const readKey = (): string | null => {
  try {
    return window.localStorage.getItem(KEY_STORAGE);
  } catch {
    return null;
  }
};

/** /checkin: "Sign in this device" once, then a keypad for the players' six digits. */
export default function Kiosk() {
  const [key, setKey] = useState<string | null | undefined>(undefined);
  useEffect(() => setKey(readKey()), []);
  if (key === undefined) return <p className="kiosk-status" role="status">Loading…</p>;
  const signOut = () => {
    window.localStorage.removeItem(KEY_STORAGE);
    setKey(null);
  };
  if (!key) return <SignIn onSignedIn={(k) => { window.localStorage.setItem(KEY_STORAGE, k); setKey(k); }} />;
  return <Keypad deviceKey={key} onSignOut={signOut} />;
}

function SignIn({ onSignedIn }: { onSignedIn: (key: string) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const key = text.trim();
    if (!looksLikeDeviceKey(key)) return setProblem(BAD_KEY);
    setBusy(true);
    const verdict = await verifyDeviceKey(key);
    setBusy(false);
    if (verdict === 'ok') return onSignedIn(key);
    setProblem(verdict === 'refused' ? KEY_REFUSED : CHECK_FAILED);
  };
  return (
    <form className="kiosk-card kiosk-signin" onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }} aria-labelledby="kiosk-signin-title">
      <h1 id="kiosk-signin-title">Sign in this device</h1>
      <p>Staff: paste the key of a door device made in the back office (Devices → New device). It stays on this tablet until you sign it out.</p>
      <label className="kiosk-label" htmlFor="kiosk-key">Device key</label>
      <input
        id="kiosk-key"
        className="kiosk-key-input"
        type="password"
        autoComplete="off"
        spellcheck={false}
        value={text}
        onInput={(e) => setText((e.target as HTMLInputElement).value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'kiosk-key-problem' : undefined}
      />
      {problem && <p id="kiosk-key-problem" className="kiosk-problem" role="alert">{problem}</p>}
      <button className="kiosk-button kiosk-primary" type="submit" disabled={busy || text.trim() === ''}>
        {busy ? 'Checking…' : 'Sign in this device'}
      </button>
    </form>
  );
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

function Keypad({ deviceKey, onSignOut }: { deviceKey: string; onSignOut: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<KioskOutcome | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const reset = () => {
    window.clearTimeout(timer.current);
    setOutcome(null);
    setCode('');
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = async (typed: string) => {
    if (busy || typed.length !== CODE_LENGTH) return;
    setBusy(true);
    const answer = await checkAtDoor(deviceKey, typed);
    setBusy(false);
    setOutcome(answer);
    setCode('');
    if (answer.tone !== 'signed-out') timer.current = window.setTimeout(reset, SHOW_ANSWER_MS);
  };
  const press = (k: (typeof KEYS)[number]) => {
    if (busy) return;
    // The code was cleared when the answer came: a key press only takes the answer away.
    window.clearTimeout(timer.current);
    setOutcome(null);
    if (k === 'clear') return setCode('');
    if (k === 'back') return setCode((c) => backspace(c));
    setCode((c) => pressDigit(c, k));
  };
  // The sixth digit sends the code: no button to find for a player at the door.
  useEffect(() => {
    if (code.length === CODE_LENGTH) void submit(code);
  }, [code]);
  // A keyboard works too (a tablet with one, or a desk computer).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (/^[0-9]$/.test(e.key)) press(e.key as (typeof KEYS)[number]);
      else if (e.key === 'Backspace') press('back');
      else if (e.key === 'Escape') press('clear');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (outcome?.tone === 'signed-out') {
    return (
      <section className="kiosk-card kiosk-answer kiosk-signed-out" role="alert">
        <p className="kiosk-message">{outcome.message}</p>
        <button className="kiosk-button kiosk-primary" type="button" onClick={onSignOut}>Sign in again</button>
      </section>
    );
  }
  return (
    <section className="kiosk-card kiosk-pad" aria-labelledby="kiosk-title">
      <h1 id="kiosk-title">Check in</h1>
      <p className="kiosk-hint">Type the six digits of your booking’s access code.</p>
      <div className="kiosk-digits" aria-label={`Code typed: ${code.length} of ${CODE_LENGTH} digits`} role="img">
        {Array.from({ length: CODE_LENGTH }, (_, i) => (
          <span key={i} className={i < code.length ? 'kiosk-digit kiosk-digit-filled' : 'kiosk-digit'}>{code[i] ?? ''}</span>
        ))}
      </div>
      <div className={`kiosk-answer kiosk-${outcome?.tone ?? 'idle'}`} role="status" aria-live="polite">
        {busy ? <p className="kiosk-message">Checking…</p> : outcome ? <p className="kiosk-message">{outcome.message}</p> : null}
      </div>
      <div className="kiosk-keys">
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className={`kiosk-button kiosk-key${k === 'clear' || k === 'back' ? ' kiosk-key-edit' : ''}`}
            onClick={() => press(k)}
            disabled={busy}
            aria-label={k === 'clear' ? 'Clear' : k === 'back' ? 'Delete the last digit' : k}
          >
            {k === 'clear' ? 'Clear' : k === 'back' ? '⌫' : k}
          </button>
        ))}
      </div>
      <button type="button" className="kiosk-signout" onClick={onSignOut}>Sign out this device</button>
    </section>
  );
}
