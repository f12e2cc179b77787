import type { Translate } from '../i18n/i18n.ts';
import { ApiError } from '../session/api.ts';
import { errorLines, showToast } from './toast-store.ts';

/** What a refused call's toast is titled by, when the server gave no headline of its own: what happened. */
const TITLE_BY_STATUS: Record<number, string> = {
  400: 'toast.check_entries',
  403: 'toast.not_allowed',
  404: 'toast.not_found',
  409: 'toast.changed_meanwhile',
  413: 'toast.too_large',
  422: 'toast.check_entries',
};

/**
 * Any failure as an error toast that says what happened: a refusal with its own headline (a stay that
 * cannot be discharged yet, a distribution that does not balance) is titled by it, with the field
 * messages listed below; otherwise the kind of refusal titles it (check the entries, not allowed, not
 * found, changed meanwhile), and only a failure with no answer is "Something went wrong".
 */
export function notifyError(t: Translate, error: unknown) {
  const lines = errorLines(error);
  const api = error instanceof ApiError ? error : null;
  const headline =
    api && api.status === 422 && Object.keys(api.errors).length && api.body.code && api.body.code !== 'invalid'
      ? api.message
      : null;
  const title =
    headline ?? t(api ? (TITLE_BY_STATUS[api.status] ?? 'toast.something_went_wrong') : 'toast.something_went_wrong');
  showToast('error', title, lines.length ? lines : [t('toast.try_again')]);
}
