import { ROLE_LABELS, TEXT_LIMITS, isStaff } from '@courtside/domain';
import type { UserDto } from '@courtside/contracts';
import { Avatar } from '../../ui/Avatar.tsx';
import { DashboardFrame } from '../../ui/DashboardFrame.tsx';
import { EditFormFooter } from '../../ui/EditFormFooter.tsx';
import { Field } from '../../ui/Field.tsx';
import { fieldId, useProfileEditor } from './useProfileEditor.ts';
import { CalendarCard } from './CalendarCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { RemindersCard } from './RemindersCard.tsx';
import './account.css';

/** The seed's words for a customer ('User'); staff by their role. */
const roleName = (user: UserDto) => (isStaff(user.role) ? ROLE_LABELS[user.role] : 'User');

function ProfileForm({ editor }: { editor: ReturnType<typeof useProfileEditor> }) {
  const { draft, errors, set } = editor;
  return (
    <form className="card-body dash-profile-form" onSubmit={editor.submit} noValidate aria-label="Edit profile">
      <Field ref={editor.firstInput} id={fieldId('name')} label="Name" value={draft.name} onChange={set('name')} error={errors.name} required autoComplete="name" maxLength={TEXT_LIMITS.personName} />
      <Field id={fieldId('phone')} label="Phone" type="tel" value={draft.phone} onChange={set('phone')} error={errors.phone} required autoComplete="tel" maxLength={TEXT_LIMITS.phone} />
      <Field id={fieldId('address')} label="Address" value={draft.address} onChange={set('address')} error={errors.address} required autoComplete="street-address" maxLength={TEXT_LIMITS.address} />
      <Field
        id={fieldId('photoUrl')}
        label="Photo URL"
        hint="Leave empty for the default photo."
        value={draft.photoUrl}
        onChange={set('photoUrl')}
        error={errors.photoUrl}
        inputMode="url"
        autoComplete="photo"
        maxLength={TEXT_LIMITS.imageUrl}
      />
      <EditFormFooter form={editor} saveLabel="Save changes" savingLabel="Saving…" />
    </form>
  );
}

function ProfileFacts({ user, editor }: { user: UserDto; editor: ReturnType<typeof useProfileEditor> }) {
  const rows: [string, string][] = [
    ['Role', roleName(user)],
    ['Email', user.email],
    ['Phone', user.phone || '—'],
    ['Address', user.address || '—'],
  ];
  return (
    <div className="card-body">
      <dl className="dash-facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="dash-actions">
        <button type="button" className="btn" ref={editor.editButton} onClick={editor.start}>
          Edit Profile
        </button>
      </div>
    </div>
  );
}

function Profile({ user, setUser }: { user: UserDto; setUser: (u: UserDto) => void }) {
  const editor = useProfileEditor(user, setUser);
  return (
    <section className="card dash-profile" aria-labelledby="profile-name">
      <div className="dash-profile-head">
        <Avatar src={editor.editing ? editor.draft.photoUrl : user.photoUrl} size={96} alt={`Photo of ${user.name}`} />
        <div>
          <h2 id="profile-name">{user.name}</h2>
          <span className={`badge ${isStaff(user.role) ? 'badge-info' : 'badge-ok'}`}>
            <span className="sr-only">Role: </span>
            {roleName(user)}
          </span>
        </div>
      </div>
      {editor.editing ? <ProfileForm editor={editor} /> : <ProfileFacts user={user} editor={editor} />}
    </section>
  );
}

/** The profile, then the account's settings: password, reminders, calendar feed. */
export default function ProfileView() {
  return (
    <DashboardFrame title="My profile">
      {(user, setUser) => (
        <div key={user._id} className="account">
          <Profile user={user} setUser={setUser} />
          <div className="account-cards">
            <PasswordCard />
            <RemindersCard user={user} setUser={setUser} />
            <CalendarCard />
          </div>
        </div>
      )}
    </DashboardFrame>
  );
}
