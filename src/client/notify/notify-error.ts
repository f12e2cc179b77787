import type { Translate } from '../i18n/i18n.ts';
import { errorLines, showToast } from './toast-store.ts';

/** Any failure as an error toast titled "Something went wrong" with the field messages listed. */
export function notifyError(t: Translate, error: unknown) {
  const lines = errorLines(error);
  showToast('error', t('toast.something_went_wrong'), lines.length ? lines : [t('toast.try_again')]);
}
