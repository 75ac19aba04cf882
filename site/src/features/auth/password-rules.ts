import { PASSWORD_MAX, PASSWORD_MIN } from '@courtside/domain';

/**
 * A new password's field (sign-up, reset, change in the profile): the bounds of the domain's
 * policy (validatePassword, which the server applies) and how to say them. Whether it is a
 * common password is left to the server, which names the field when it is.
 */
export const NEW_PASSWORD = {
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  hint: `At least ${PASSWORD_MIN} characters, and not a common password.`,
} as const;

export const PASSWORDS_DIFFER = 'The two new passwords do not match.';
