import type { UserDto } from '@courtside/contracts';
import { showToast } from '../../lib/toast.ts';
import { useEditableForm } from '../../ui/useEditableForm.ts';
import { draftOf, saveProfile, validateProfile, type ProfileDraft } from './profile.ts';

const FIELD_ORDER = ['name', 'phone', 'address', 'photoUrl'] as const;
/** The input of each field, to focus the first one in error. */
export const fieldId = (key: keyof ProfileDraft) => `pf-${key === 'photoUrl' ? 'photo' : key}`;

/** Editing the profile: name, phone, address and photo, saved to the server and the stored user. */
export function useProfileEditor(user: UserDto, setUser: (u: UserDto) => void) {
  return useEditableForm({
    fields: FIELD_ORDER,
    idOf: fieldId,
    initial: () => draftOf(user),
    validate: validateProfile,
    save: async (draft) => {
      const { user: saved } = await saveProfile(draft);
      setUser(saved);
      showToast('Profile updated successfully', 'success');
    },
    failed: 'Failed to update profile.',
  });
}
