import { TEXT_LIMITS, isImageUrl } from '@courtside/domain';
import type { ProfileBody, UserDto } from '@courtside/contracts';
import { saveUser } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { AVATAR_FALLBACK } from '../../lib/avatar.ts';

export interface ProfileDraft {
  name: string;
  phone: string;
  address: string;
  photoUrl: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

export function draftOf(user: UserDto): ProfileDraft {
  return { name: user.name ?? '', phone: user.phone ?? '', address: user.address ?? '', photoUrl: user.photoUrl ?? '' };
}

export function validateProfile(d: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!d.name.trim()) errors.name = 'Please enter your name.';
  else if (d.name.trim().length > TEXT_LIMITS.personName) errors.name = `Your name can be at most ${TEXT_LIMITS.personName} characters.`;
  if (!d.phone.trim()) errors.phone = 'Please enter your phone number.';
  else if (d.phone.trim().length > TEXT_LIMITS.phone) errors.phone = `The phone number can be at most ${TEXT_LIMITS.phone} characters.`;
  if (!d.address.trim()) errors.address = 'Please enter your address.';
  else if (d.address.trim().length > TEXT_LIMITS.address) errors.address = `The address can be at most ${TEXT_LIMITS.address} characters.`;
  const photo = d.photoUrl.trim();
  // The server's own rule: https: or a path on this site (the page's CSP shows nothing else).
  if (photo && !isImageUrl(photo)) errors.photoUrl = 'Enter a secure web address (https://…) or leave it empty for the default photo.';
  return errors;
}

/** Changes the profile on the server (only the fields given) and keeps the stored user in step. */
async function putProfile(changes: ProfileBody): Promise<{ user: UserDto; message: string }> {
  const res = await api<UserDto>('/api/auth/me', { method: 'PUT', body: changes });
  saveUser(res.data);
  return { user: res.data, message: res.message };
}

/** Saves the profile form; field errors from the server come back on the ApiError, by field. */
export async function saveProfile(d: ProfileDraft): Promise<{ user: UserDto; message: string }> {
  return putProfile({ name: d.name.trim(), phone: d.phone.trim(), address: d.address.trim(), photoUrl: d.photoUrl.trim() || AVATAR_FALLBACK });
}

/** Turns the reminder before each booking on or off. */
export async function saveEmailReminders(on: boolean): Promise<UserDto> {
  return (await putProfile({ emailReminders: on })).user;
}
