// The password rule of document 1 §5, shared by the server and the forms that check as the user types.

export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordCheck {
  length: boolean;
  lower: boolean;
  upper: boolean;
  digit: boolean;
  special: boolean;
}

/** Each part of the rule separately, so a form can tick them off one by one. */
export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

export const PASSWORD_RULE_MESSAGE =
  'The password must have at least 8 characters with 1 lowercase, 1 uppercase, 1 number and 1 special character.';
export const PASSWORD_MISMATCH_MESSAGE = "Password don't match";

/** Field errors for a new password and its confirmation; empty when both are acceptable. */
export function passwordErrors(password: unknown, confirmation: unknown): Record<string, string[]> {
  if (typeof password !== 'string' || !password) return { password: ['The password field is required.'] };
  const c = checkPassword(password);
  if (!Object.values(c).every(Boolean)) return { password: [PASSWORD_RULE_MESSAGE] };
  if (password !== confirmation) return { password_confirmation: [PASSWORD_MISMATCH_MESSAGE] };
  return {};
}
