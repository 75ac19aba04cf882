import { useState } from 'react';
import { TEXT_LIMITS } from '@courtside/domain';
import { showToast } from '../../lib/toast.ts';
import { EditFormFooter } from '../../ui/EditFormFooter.tsx';
import { Field } from '../../ui/Field.tsx';
import { useEditableForm } from '../../ui/useEditableForm.ts';
import { NEW_PASSWORD } from '../auth/password-rules.ts';
import { PASSWORD_CHANGED, PASSWORD_FIELDS, changePassword, validatePasswordDraft, type PasswordDraft } from './password.ts';

const idOf = (key: keyof PasswordDraft) => `pw-${key}`;
const blank = (): PasswordDraft => ({ currentPassword: '', newPassword: '', confirm: '' });

/** Change password: closed, a button; open, the current password and the new one twice. */
export function PasswordCard() {
  const [notice, setNotice] = useState('');
  const form = useEditableForm({
    fields: PASSWORD_FIELDS,
    idOf,
    initial: blank,
    validate: validatePasswordDraft,
    save: async (draft) => {
      await changePassword(draft);
      setNotice(PASSWORD_CHANGED);
      showToast(PASSWORD_CHANGED, 'success');
    },
    failed: 'Could not change the password.',
  });
  const { draft, errors, set } = form;
  return (
    <section className="card account-card" aria-labelledby="password-heading">
      <div className="card-body">
        <h2 id="password-heading">Password</h2>
        {form.editing ? (
          <form onSubmit={form.submit} noValidate aria-label="Change password">
            <Field ref={form.firstInput} id={idOf('currentPassword')} label="Current password" type="password" value={draft.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} required autoComplete="current-password" maxLength={TEXT_LIMITS.signInPassword} />
            <Field id={idOf('newPassword')} label="New password" hint={NEW_PASSWORD.hint} type="password" value={draft.newPassword} onChange={set('newPassword')} error={errors.newPassword} required autoComplete="new-password" maxLength={NEW_PASSWORD.maxLength} />
            <Field id={idOf('confirm')} label="Confirm new password" type="password" value={draft.confirm} onChange={set('confirm')} error={errors.confirm} required autoComplete="new-password" maxLength={NEW_PASSWORD.maxLength} />
            <p className="muted account-note">
              Forgot the current one? <a href="/forgot-password">Reset it by email</a>.
            </p>
            <EditFormFooter form={form} saveLabel="Change password" savingLabel="Changing…" />
          </form>
        ) : (
          <>
            <p className="muted account-lead">Changing it signs you out on every other device.</p>
            {notice && (
              <p className="alert alert-ok" role="status">
                {notice}
              </p>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              ref={form.editButton}
              onClick={() => {
                setNotice('');
                form.start();
              }}
            >
              Change password
            </button>
          </>
        )}
      </div>
    </section>
  );
}
