import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';

/** What the user routes answer in words (the spec's texts). */
export const USER_MESSAGES = {
  exists: ERROR_CATALOGUE.user_already_exists_email.en,
  missing: ERROR_CATALOGUE.user_does_not_exist.en,
  unlocked: 'The user has been unlocked.',
  sessionsEnded: "The user's sessions have been ended.",
} as const;
