import type { Locale } from '../i18n/locale.ts';

/** What an import or a check answers a person, in their language (a command's toast). */
export function importedWords(
  n: { imported: number; drafts: number; replaced: number; voided: number; waiting: number },
  locale: Locale,
): string {
  return locale === 'es'
    ? `${n.imported} importado(s) y listos para enviar, ${n.drafts} como borrador por corregir, ${n.replaced} reemplazado(s), ${n.voided} anulado(s); ${n.waiting} en espera.`
    : `${n.imported} imported and ready to send, ${n.drafts} as drafts to fix, ${n.replaced} replaced, ${n.voided} voided; ${n.waiting} waiting.`;
}

export function checkedWords(
  n: { ready: number; to_fix: number; waiting: number; held: number },
  locale: Locale,
): string {
  return locale === 'es'
    ? `${n.ready} listo(s), ${n.to_fix} por corregir, ${n.waiting} en espera, ${n.held} ya registrado(s).`
    : `${n.ready} ready, ${n.to_fix} to fix, ${n.waiting} waiting, ${n.held} already held.`;
}
