import { describe, expect, it } from 'vitest';
import {
  HISTORY_NOTE,
  HISTORY_WORDS,
  fillFrame,
  historyNote,
  type HistoryNote,
} from '../../src/domain/history-notes.ts';
import { LEDGER_TEXT, LEDGER_WORDS } from '../../src/domain/ledger/ledger-words.ts';
import { translateNote } from '../../dev-server/i18n/locale.ts';

const partsOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
// Data a part may hold that no dictionary knows: it must come through unchanged.
const sample = (frame: HistoryNote) =>
  Object.fromEntries(partsOf(HISTORY_NOTE[frame]).map((p, i) => [p, `Q${i}Z-${p}`]));

describe('the sentences the system writes into a history', () => {
  it('every one reads in Spanish, with each of its parts carried over as written', () => {
    const wrong = (Object.keys(HISTORY_NOTE) as HistoryNote[]).filter((frame) => {
      const parts = sample(frame);
      const english = historyNote(frame, parts);
      const spanish = translateNote(english, 'es');
      return spanish === english || Object.values(parts).some((v) => !spanish.includes(v));
    });
    expect(wrong).toEqual([]);
  });

  it("every way a patient's ledger describes a row reads in Spanish, and every word it puts in one", () => {
    const untranslated = [
      ...Object.values(LEDGER_TEXT).filter((frame) => {
        const english = fillFrame(frame, Object.fromEntries(partsOf(frame).map((p) => [p, `Q-${p}`])));
        return translateNote(english, 'es') === english;
      }),
      ...Object.values(LEDGER_WORDS).filter((word) => translateNote(word, 'es') === word),
    ];
    expect(untranslated).toEqual([]);
  });

  it('reads unchanged in English', () => {
    const note = historyNote('submitted', { batch: 'SUCL-00001-2026' });
    expect(note).toBe('Submitted to ClearingHouse (batch SUCL-00001-2026)');
    expect(translateNote(note, 'en')).toBe(note);
  });

  it('an amount keeps its dollar sign: "$" in a part is not a replacement pattern', () => {
    const note = historyNote('eraPaid', { trace: 'T1', paid: '$1,234.50', patient: '$25.00' });
    expect(translateNote(note, 'es')).toBe('ERA T1: pagado $1,234.50, responsabilidad del paciente $25.00');
  });

  it("a part that is a code list's name reads in Spanish too (a refile's type and reason)", () => {
    const note = historyNote('refiledWithNote', {
      type: 'Submit to the secondary payer',
      reason: 'The claim was sent to the wrong insurance',
      note: 'called the payer; resent',
    });
    expect(translateNote(note, 'es')).toBe(
      'Refacturado: Enviar al pagador secundario; El reclamo se envió a la aseguradora equivocada; called the payer; resent',
    );
  });

  it('a sentence inside a sentence reads in Spanish whole (paid, then ready for the secondary payer)', () => {
    const denied = historyNote('eraDenied', { trace: 'T9', reasons: HISTORY_WORDS.noPayment });
    const note = historyNote('readyForSecondary', { note: denied });
    expect(translateNote(note, 'es')).toBe('ERA T9: denegado — sin pago; listo para facturar al pagador secundario');
  });

  it("a claim's saved note keeps the predecessor's English and reads wholly in Spanish, its words too", () => {
    const note = historyNote('claimSaved', { action: HISTORY_WORDS.updated, check: HISTORY_WORDS.automatedCheck });
    expect(note).toBe('Claim updated successfully, automated verification');
    expect(translateNote(note, 'es')).toBe('Reclamo actualizado correctamente, verificación automática');
    expect(Object.values(HISTORY_WORDS).filter((w) => translateNote(w, 'es') === w)).toEqual([]);
  });

  it("a person's own note is never changed", () => {
    expect(translateNote('Called Key Insurance: resubmit with the corrected NPI.', 'es')).toBe(
      'Called Key Insurance: resubmit with the corrected NPI.',
    );
  });
});
