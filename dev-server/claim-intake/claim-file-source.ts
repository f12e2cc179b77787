import type { Queryable } from '../db/database.ts';
import type { FileStore, StoredFile } from '../storage/file-store.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { readInterchanges, type X12Document } from '../../src/domain/x12/interchange-reader.ts';
import { chargeClaims, mappingFits, type ChargeColumns } from '../../src/domain/claims/charge-file.ts';
import { spreadsheetCells } from '../contracts/spreadsheet-cells.ts';
import { CLAIM_FORMAT } from '../../src/generated/ids.ts';
import { x12Source, type ClaimSource } from './claim-file-preview.ts';

/** A file's claims with who sent them and their form, as a claim file keeps them. */
export type ClaimFileRead = ClaimSource & { sender?: string; format_id: number };

/** A charge export's rows at most (a year of a busy practice's lines); more is refused before it is read whole. */
export const MAX_CHARGE_ROWS = 200_000;

/** An 837's claims, its sender (ISA06) and its form (837I by its group's version, else 837P). */
export function x12Read(doc: X12Document): ClaimFileRead {
  const sender = doc.interchanges[0]?.sender?.trim();
  const version = doc.interchanges[0]?.groups[0]?.version ?? '';
  return {
    ...x12Source(doc),
    ...(sender ? { sender } : {}),
    format_id: version.includes('X223') ? CLAIM_FORMAT.INSTITUTIONAL : CLAIM_FORMAT.PROFESSIONAL,
  };
}

/**
 * A charge export's claims, read with the columns of the clinic it comes from: the first clinic of the billing company
 * whose kept mapping names only columns the file has (its name is the file's sender), else the names practice
 * systems use.
 */
async function chargeRead(db: Queryable, bc: number, bytes: Buffer, name: string): Promise<ClaimFileRead> {
  const cells = await spreadsheetCells(bytes, MAX_CHARGE_ROWS + 1);
  if ('refused' in cells) throw new DomainError('intake_charge_file_unreadable', { file: name });
  const clinics = await db.query<{ name: string; charge_file_columns: ChargeColumns }>(
    `select name, charge_file_columns from companies where billing_company_id = $1 and charge_file_columns is not null order by id`,
    [bc],
  );
  const clinic = clinics.rows.find((c) => mappingFits(cells.rows[0] ?? [], c.charge_file_columns));
  const { claims, checked } = chargeClaims(cells.rows, clinic?.charge_file_columns);
  return {
    read: claims.map((claim) => ({ form: 'professional' as const, claim })),
    checked,
    ...(clinic ? { sender: clinic.name } : {}),
    format_id: CLAIM_FORMAT.PROFESSIONAL,
  };
}

/** A stored claim file's claims: a practice's charge export (CSV or XLSX), or its 837. */
export async function readClaimFile(
  db: Queryable,
  files: FileStore,
  stored: StoredFile,
  bc: number,
): Promise<ClaimFileRead> {
  const bytes = await files.read(stored);
  return stored.kind === 'charge-file'
    ? chargeRead(db, bc, bytes, stored.name)
    : x12Read(readInterchanges(bytes.toString('latin1')));
}
