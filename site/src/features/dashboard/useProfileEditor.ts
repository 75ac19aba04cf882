import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UserDto } from '@courtside/contracts';
import { customerReason } from '@courtside/browser';
import { showToast } from '../../lib/toast.ts';
import { draftOf, fieldErrorsOf, saveProfile, validateProfile, type ProfileDraft, type ProfileErrors } from './profile.ts';

const FIELD_ORDER = ['name', 'phone', 'address', 'photoUrl'] as const;
/** The input of each field, to focus the first one in error. */
export const fieldId = (key: keyof ProfileDraft) => `pf-${key === 'photoUrl' ? 'photo' : key}`;

/**
 * Editing the profile: the draft, its errors (the form's own and the server's, by field), saving,
 * and focus: entering the form focuses its first field, leaving it returns focus to Edit Profile.
 */
export function useProfileEditor(user: UserDto, setUser: (u: UserDto) => void) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const firstInput = useRef<HTMLInputElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (editing ? firstInput.current : editButton.current)?.focus();
  }, [editing]);

  const toggle = (on: boolean) => {
    moveFocus.current = true;
    setEditing(on);
    setDraft(draftOf(user));
  };

  function start() {
    setErrors({});
    setFailure('');
    toggle(true);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validateProfile(draft);
    setErrors(found);
    setFailure('');
    const first = FIELD_ORDER.find((k) => found[k]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
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
      const message = customerReason(err) ?? 'Failed to update profile.';
      setErrors(fieldErrorsOf(err));
      setFailure(message);
      showToast(message, 'error');
    } finally {
      setSaving(false);
    }
  }

  const set = (key: keyof ProfileDraft) => (e: { currentTarget: HTMLInputElement }) => setDraft({ ...draft, [key]: e.currentTarget.value });

  return { editing, draft, errors, failure, saving, editButton, firstInput, start, stop: () => toggle(false), set, submit };
}
