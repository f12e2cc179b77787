import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../dev-server/i18n/locale.ts';
import { describeAdjustment, describeRemark } from '../../../src/domain/x12/code-meanings.ts';
import { balance835 } from '../../../src/domain/x12/era-835-balance.ts';
import { read835 } from '../../../src/domain/x12/era-835-reader.ts';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';

const fixture = (file: string) => readFileSync(new URL(`../../fixtures/x12/835/${file}`, import.meta.url), 'utf8');
function era(text: string) {
  const doc = readInterchanges(text);
  return read835(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
}
/** A finding's words as a Spanish reader gets them; its English when no Spanish frame matches (what the test catches). */
const inSpanish = (findings: Array<{ message: string }>) => findings.map((f) => translate(f.message, 'es'));

describe('X12 meanings in Spanish', () => {
  it('an adjustment reads in Spanish: its reason and who owes it', () => {
    expect(describeAdjustment('CO', '45', 'es')).toBe(
      'CO-45: Cargo por encima del tarifario o del monto contratado (Obligación contractual: el proveedor la cancela; el paciente no la debe)',
    );
  });

  it('an unknown reason or remark code is said by number in Spanish', () => {
    expect(describeAdjustment('PR', '999', 'es')).toMatch(
      /^PR-999: Motivo de ajuste 999 \(Responsabilidad del paciente/,
    );
    expect(describeRemark('N9999', 'es')).toBe('N9999: Código de observación (vea la lista del pagador)');
  });

  it('a payment that does not add up is said in Spanish, with the amounts', () => {
    const { remittance } = era(fixture('managed-care.835'));
    remittance.payment.amount += 1;
    remittance.claims[1].lines[0].adjustments.pop();
    const said = inSpanish(balance835(remittance));
    expect(said[0]).toBe('BPR02 945.01 ≠ pagado en los reclamos 945.00 − ajustes al proveedor 0.00 = 945.00.');
    expect(said.slice(1).every((m) => m.startsWith('Reclamo ') && m.includes('pero sus ajustes suman'))).toBe(true);
  });

  it("the reader's findings on a damaged file are said in Spanish", () => {
    // SVC01 composites with a separator the ISA does not declare, an SE that miscounts, and an IEA never sent.
    const damaged = fixture('secondary-payment.835')
      .replace(/SE\*(\d+)\*/, (_, n) => `SE*${Number(n) + 1}*`)
      .replace(/IEA\*[^~]*~\s*$/, '');
    const doc = readInterchanges(damaged);
    const findings = [
      ...doc.findings,
      ...read835(doc.interchanges[0].groups[0].transactions[0], doc.separators!).findings,
    ];
    expect(findings.length).toBeGreaterThanOrEqual(3);
    const said = inSpanish(findings);
    expect(said.filter((m, i) => m === findings[i].message)).toEqual([]);
  });
});
