// npm run import:codes -- <icd10cm|hcpcs|cpt|pos|taxonomy|nppes|carc|rarc|ncci-ptp|ncci-mue|nubc-revenue|nubc-condition|nubc-occurrence|nubc-value|msdrg> <file>
//   [--billing-company ID] [--table practitioner|hospital|dme] [--effective mm/dd/yyyy]
import { CODE_SET_KINDS, LIST_FILE_KINDS, importCodeSet, type CodeSetKind } from '../codes/code-set-import.ts';
import { migrate } from '../db/migrate.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { errorText } from '../../src/domain/errors/error-catalogue.ts';
import { openDatabase } from '../db/open-database.ts';

const args = process.argv.slice(2);
// CPT only: --billing-company ID makes the codes that billing company's own (the AMA licenses CPT per licensee); without it the installation's.
const ownerAt = args.indexOf('--billing-company');
const owner = ownerAt >= 0 ? Number(args.splice(ownerAt, 2)[1]) : null;
/** An option's value, taken out of the arguments (NCCI: --table, --effective). */
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args.splice(at, 2)[1] ?? null) : null;
};
const table = option('--table');
const effective = option('--effective');
const [kind, file] = args;
if (
  !CODE_SET_KINDS.includes(kind as CodeSetKind) ||
  !file ||
  (owner !== null && (!Number.isSafeInteger(owner) || owner < 1 || kind !== 'cpt')) ||
  ((table !== null || effective !== null) && !kind.startsWith('ncci-'))
) {
  console.error(
    `Usage: npm run import:codes -- <${CODE_SET_KINDS.join('|')}> <file> [--billing-company ID, cpt only] [--table practitioner|hospital|dme --effective mm/dd/yyyy, ncci only]   (ICD-10-CM order file, may be .gz; HCPCS ANWEB .xlsx; AMA CPT descriptor .txt or a code,description .csv; CMS place of service FHIR .xml; NUCC taxonomy .csv; NPPES npidata .csv; CMS NCCI PTP edits .txt (tab-delimited, from the quarterly zip) and MUE .csv; CARC/RARC .csv from a licensed X12 code list; NUBC revenue/condition/occurrence/value code .csv from a licensee; CMS MS-DRG table .csv)`,
  );
  process.exit(2);
}
const db = LIST_FILE_KINDS.includes(kind as CodeSetKind) ? null : await openDatabase();
try {
  if (db) await migrate(db);
  const started = Date.now();
  const n = await importCodeSet({
    db,
    kind: kind as CodeSetKind,
    file,
    progress: (done, total) => {
      process.stdout.write(`\r${kind}: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
    },
    lists: undefined,
    resume: undefined,
    billingCompanyId: owner,
    table,
    effective,
  });
  process.stdout.write(
    `\n${kind}: ${n.toLocaleString('en-US')} ${kind.startsWith('ncci-') ? 'edits' : 'codes'} imported in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} catch (e) {
  console.error(`\nImport failed: ${e instanceof DomainError ? errorText(e.code, e.params) : (e as Error).message}`);
  process.exitCode = 1;
} finally {
  await db?.close();
}
