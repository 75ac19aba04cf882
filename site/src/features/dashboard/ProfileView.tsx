import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UserDto } from '@courtside/domain';
import { showToast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { Avatar, DashboardFrame } from './DashboardFrame.tsx';
import { Field } from './Field.tsx';
import { draftOf, fieldErrorsOf, saveProfile, validateProfile, type ProfileDraft, type ProfileErrors } from './profile.ts';

function Profile({ user, setUser }: { user: UserDto; setUser: (u: UserDto) => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const moveFocus = useRef(false);

  // Entering the form focuses its first field; leaving it returns focus to Edit Profile.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (editing ? nameInput.current : editButton.current)?.focus();
  }, [editing]);

  const start = () => {
    setDraft(draftOf(user));
    setErrors({});
    setFailure('');
    moveFocus.current = true;
    setEditing(true);
  };
  const stop = () => {
    moveFocus.current = true;
    setEditing(false);
    setDraft(draftOf(user));
  };
  const set = (key: keyof ProfileDraft) => (e: { currentTarget: HTMLInputElement }) => setDraft({ ...draft, [key]: e.currentTarget.value });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validateProfile(draft);
    setErrors(found);
    setFailure('');
    const first = (['name', 'phone', 'address', 'photoUrl'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(`pf-${first === 'photoUrl' ? 'photo' : first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const { user: saved } = await saveProfile(draft);
      setUser(saved);
      showToast('Profile updated successfully', 'success');
      moveFocus.current = true;
      setEditing(false);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Failed to update profile.';
      setErrors(fieldErrorsOf(err));
      setFailure(message);
      showToast(message, 'error');
    } finally {
      setSaving(false);
    }
  }

  const rows: [string, string][] = [
    ['Email', user.email],
    ['Phone', user.phone || '—'],
    ['Address', user.address || '—'],
  ];

  return (
    <section className="card dash-profile" aria-labelledby="profile-name">
      <div className="dash-profile-head">
        <Avatar src={editing ? draft.photoUrl : user.photoUrl} size={96} alt={`Photo of ${user.name}`} />
        <div>
          <h2 id="profile-name">{user.name}</h2>
          <span className={`badge ${user.role === 'admin' ? 'badge-info' : 'badge-ok'}`}>
            <span className="sr-only">Role: </span>
            {user.role === 'admin' ? 'Admin' : 'User'}
          </span>
        </div>
      </div>
      {editing ? (
        <form className="card-body dash-profile-form" onSubmit={submit} noValidate aria-label="Edit profile">
          <Field ref={nameInput} id="pf-name" label="Name" value={draft.name} onChange={set('name')} error={errors.name} required autoComplete="name" maxLength={100} />
          <Field id="pf-phone" label="Phone" type="tel" value={draft.phone} onChange={set('phone')} error={errors.phone} required autoComplete="tel" maxLength={40} />
          <Field id="pf-address" label="Address" value={draft.address} onChange={set('address')} error={errors.address} required autoComplete="street-address" maxLength={300} />
          <Field
            id="pf-photo"
            label="Photo URL"
            hint="Leave empty for the default photo."
            value={draft.photoUrl}
            onChange={set('photoUrl')}
            error={errors.photoUrl}
            inputMode="url"
            autoComplete="photo"
            maxLength={2048}
          />
          {failure && (
            <p className="alert alert-error" role="alert">
              {failure}
            </p>
          )}
          <div className="dash-actions">
            <button type="submit" className="btn" disabled={saving} aria-busy={saving}>
              {saving ? 'Saving…' : 'Save changes'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={stop} disabled={saving}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="card-body">
          <dl className="dash-facts">
            <div>
              <dt>Role</dt>
              <dd>{user.role === 'admin' ? 'Admin' : 'User'}</dd>
            </div>
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <div className="dash-actions">
            <button type="button" className="btn" ref={editButton} onClick={start}>
              Edit Profile
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

export default function ProfileView() {
  return <DashboardFrame title="My profile">{(user, setUser) => <Profile key={user._id} user={user} setUser={setUser} />}</DashboardFrame>;
}
