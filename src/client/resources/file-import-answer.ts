import { formatCents } from '../../domain/money-input.ts';
import type { Translate } from '../i18n/i18n.ts';

/** What the follow-up call of a file import answers (POST /payments/eras/sync with the uploaded file's id). */
export interface FileImportAnswer {
  received?: Array<{
    file: string;
    result: string;
    message: string;
    eras?: Array<{
      payer_name: string;
      trace_number: string;
      payment_amount: number;
      claims: number;
      hold_reason: string | null;
    }>;
  }>;
}

/**
 * The file's fate in the person's language: each payment it became (payer, trace, amount, claims, and that it is
 * held), or that it was already received, or that it could not be read. The server's own sentence is kept for a
 * result the client has no words for.
 */
export function fileImportNote(t: Translate, answer: FileImportAnswer): string {
  return (answer.received ?? [])
    .map((r) => {
      if (r.result === 'era_received')
        return [
          t('file_import.era_received', { smart_count: r.eras?.length ?? 0 }),
          ...(r.eras ?? []).map((e) =>
            t(e.hold_reason ? 'file_import.payment_held' : 'file_import.payment', {
              payer: e.payer_name,
              trace: e.trace_number,
              amount: formatCents(e.payment_amount, 'us', true),
              smart_count: e.claims,
            }),
          ),
        ].join(' ');
      if (r.result === 'duplicate') return t('file_import.duplicate');
      if (r.result === 'unreadable') return t('file_import.unreadable');
      return r.message;
    })
    .join(' ');
}
