import { DomainError } from '../../src/domain/errors/domain-error.ts';
import type { ErrorCode } from '../../src/domain/errors/error-catalogue.ts';
import type { Locale } from '../i18n/locale.ts';
import { renderDomainError } from './error-handler.ts';

/**
 * A change made to many records, each on its own (one refused does not undo the others): how many changed, and for
 * each that did not, why — its first field's sentence in the reader's language, else the refusal's own; a record not
 * found (or not the person's) said with `notFound`'s sentence.
 */
export async function bulkEach(
  ids: number[],
  locale: Locale,
  notFound: ErrorCode,
  change: (id: number) => Promise<void>,
) {
  const out: Array<{ id: number; updated: boolean; error?: string }> = [];
  for (const id of ids) {
    try {
      await change(id);
      out.push({ id, updated: true });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      const { body: said } = renderDomainError(e.code === 'not_found' ? new DomainError(notFound) : e, locale);
      out.push({ id, updated: false, error: Object.values(said.errors ?? {}).flat()[0] ?? said.message });
    }
  }
  return { updated: out.filter((o) => o.updated).length, failed: out.filter((o) => !o.updated), results: out };
}
