import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generators/generate.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

function copyWith(edit: (schema: Record<string, any>) => void) {
  const root = mkdtempSync(join(tmpdir(), 'schemas-'));
  const dir = join(root, 'entities');
  cpSync(join(ROOT, 'schemas/entities'), dir, { recursive: true });
  cpSync(join(ROOT, 'schemas/lists'), join(root, 'lists'), { recursive: true });
  const file = join(dir, 'modifier.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  edit(schema);
  writeFileSync(file, JSON.stringify(schema));
  return dir;
}

describe('schema files', () => {
  it('every schema in the repository passes the meta-schema', () => {
    expect(loadEntities(join(ROOT, 'schemas/entities')).map((e) => e.name)).toEqual([
      'admission-note',
      'admission',
      'billing-company',
      'books-close',
      'claim-batch',
      'claim-file-claim',
      'claim-file',
      'claim-note',
      'claim-refile',
      'claim-rule',
      'claim-service',
      'claim-sub-status',
      'claim',
      'clearing-house-account',
      'clearing-house',
      'company',
      'contract-rate',
      'contract',
      'custom-report',
      'denial-tracking',
      'denial',
      'diagnosis',
      'eligibility-check',
      'era-exception',
      'era-file',
      'exchange-file',
      'facility',
      'guideline',
      'health-professional',
      'insurance-company',
      'insurance-plan',
      'insurance-policy',
      'ip-restriction',
      'ledger-entry',
      'mail-outbox',
      'modifier',
      'patient-statement',
      'patient',
      'payer-setting',
      'payment-batch',
      'payment-eob',
      'payment-service',
      'payment',
      'procedure',
      'report-preset',
      'underpayment',
      'unit',
      'user',
    ]);
  });

  it('a misspelled x- keyword fails with the file and the JSON path', () => {
    const dir = copyWith((s) => {
      s.properties.code['x-list'].sortabel = true;
    });
    expect(() => loadEntities(dir)).toThrow(
      /modifier\.schema\.json: at \/properties\/code\/x-list: must NOT have additional properties 'sortabel'/,
    );
  });

  it('an unknown filter kind fails with the file and the JSON path', () => {
    const dir = copyWith((s) => {
      s.properties.code['x-list'].filter = 'fuzzy';
    });
    expect(() => loadEntities(dir)).toThrow(/modifier\.schema\.json: at \/properties\/code\/x-list\/filter/);
  });

  it('a required field that is not a property fails', () => {
    const dir = copyWith((s) => {
      s.required.push('colour');
    });
    expect(() => loadEntities(dir)).toThrow(/'colour' is not a property/);
  });

  it('the checked-in generated files are up to date', async () => {
    const r = await generate({
      schemasDir: join(ROOT, 'schemas'),
      migrationsDir: join(ROOT, 'dev-server/db/migrations'),
      generatedDir: join(ROOT, 'src/generated'),
      check: true,
    });
    expect(r.stale).toEqual([]);
  });
});
