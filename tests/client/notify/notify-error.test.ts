import { afterEach, describe, expect, it } from 'vitest';
import { notifyError } from '../../../src/client/notify/notify-error.ts';
import { dismissToast, subscribeToasts, type Toast } from '../../../src/client/notify/toast-store.ts';
import { ApiError } from '../../../src/client/session/api.ts';

// The dictionary's keys stand for its words: the rule under test is which one titles the toast.
const t = ((key: string) => key) as Parameters<typeof notifyError>[0];

function shown(error: unknown): Toast {
  let last: Toast[] = [];
  const stop = subscribeToasts((list) => (last = list));
  notifyError(t, error);
  stop();
  return last[0];
}
afterEach(() => {
  let all: Toast[] = [];
  subscribeToasts((list) => (all = list))();
  for (const toast of all) dismissToast(toast.id);
});

describe('an error toast says what happened', () => {
  it('a refusal with its own headline is titled by it, the field messages below', () => {
    const e = new ApiError(
      422,
      'The stay cannot be discharged yet.',
      '422',
      { discharge_date: ['The discharge date is required.'] },
      { code: 'admission_cannot_discharged_yet' },
    );
    expect(shown(e)).toMatchObject({
      type: 'error',
      title: 'The stay cannot be discharged yet.',
      lines: ['The discharge date is required.'],
    });
  });

  it('fields refused without a headline of their own ask to check what was entered', () => {
    const e = new ApiError(
      422,
      'The given data was invalid.',
      '422',
      { name: ['The name field is required.'] },
      {
        code: 'invalid',
      },
    );
    expect(shown(e)).toMatchObject({ title: 'toast.check_entries', lines: ['The name field is required.'] });
  });

  it('not allowed, not found and changed meanwhile are each said as such', () => {
    expect(shown(new ApiError(403, 'This action is unauthorized.', '403')).title).toBe('toast.not_allowed');
    expect(shown(new ApiError(404, 'The requested record was not found.', '404')).title).toBe('toast.not_found');
    expect(shown(new ApiError(409, 'Changed by someone else.', '409')).title).toBe('toast.changed_meanwhile');
  });

  it('only a failure with no answer, or the server failing, is "something went wrong"', () => {
    expect(shown(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'toast.something_went_wrong',
      lines: ['Failed to fetch'],
    });
    expect(shown(new ApiError(500, 'Internal Server Error. Please try again later.', 'x')).title).toBe(
      'toast.something_went_wrong',
    );
  });
});
