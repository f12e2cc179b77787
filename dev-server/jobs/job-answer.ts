import type { Shape } from '../http/answers.ts';

/** A background job as the API answers it: what it is, how far it got, and what it made. */
export const JOB: Shape = {
  id: 'integer',
  kind: 'string',
  billing_company_id: 'integer?',
  user_id: 'integer?',
  state: 'string',
  input: 'object?',
  done: 'integer',
  total: 'integer?',
  'percent?': 'integer?',
  message: 'string?',
  result: 'object?',
  error: 'string?',
  attempts: 'integer',
  created_at: 'string',
  updated_at: 'string',
  'finished_at?': 'string?',
};
