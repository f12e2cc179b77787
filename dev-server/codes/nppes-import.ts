import { isNpi } from '../../src/domain/formats.ts';
import type { Database } from '../db/database.ts';
import type { ImportProgress } from './icd10cm-import.ts';
import { fileRows, writeInBatches } from './file-rows.ts';

export interface NpiRecord {
  npi: string;
  entity_type: 1 | 2;
  name: string;
  taxonomy: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

// Column names of the CMS NPPES Downloadable File (npidata_pfile_*.csv) and of its weekly updates.
const COL = {
  npi: 'NPI',
  type: 'Entity Type Code',
  org: 'Provider Organization Name (Legal Business Name)',
  last: 'Provider Last Name (Legal Name)',
  first: 'Provider First Name',
  middle: 'Provider Middle Name',
  address: 'Provider First Line Business Practice Location Address',
  city: 'Provider Business Practice Location Address City Name',
  state: 'Provider Business Practice Location Address State Name',
  zip: 'Provider Business Practice Location Address Postal Code',
  taxonomy: 'Healthcare Provider Taxonomy Code_1',
};

/** One row of the NPPES file as a registry record; deactivated rows (no entity type) are skipped. */
export function nppesRecord(r: Record<string, string>): NpiRecord | null {
  const type = r[COL.type];
  if (!isNpi(r[COL.npi] ?? '') || (type !== '1' && type !== '2')) return null;
  const name =
    type === '2'
      ? r[COL.org]
      : [r[COL.last], [r[COL.first], r[COL.middle]].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const or = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    npi: r[COL.npi],
    entity_type: Number(type) as 1 | 2,
    name: (name || '').trim(),
    taxonomy: or(r[COL.taxonomy]),
    address: or(r[COL.address]),
    city: or(r[COL.city]),
    state: or(r[COL.state]),
    zip: or(r[COL.zip]),
  };
}

/**
 * Streams an NPPES CSV (the full file is several GB) into npi_registry in batches: the file is never
 * held in memory, and a weekly update file upserts over the full one.
 */
export async function importNppes(
  db: Database,
  file: string,
  progress: ImportProgress = () => undefined,
  batchSize = 5000,
): Promise<number> {
  // The first row names the columns; each row after it is read by those names.
  let header: string[] | null = null;
  const record = (cells: string[]) => {
    if (!header) {
      header = cells;
      return null;
    }
    return nppesRecord(Object.fromEntries(header.map((name, k) => [name, cells[k] ?? ''])));
  };
  return writeInBatches(
    fileRows(file, ','),
    record,
    (rows) =>
      db.transaction(async (tx) => {
        await tx.query(
          `insert into npi_registry (npi, entity_type, name, taxonomy, address, city, state, zip)
         select * from unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         on conflict (npi) do update set entity_type = excluded.entity_type, name = excluded.name, taxonomy = excluded.taxonomy, address = excluded.address,
           city = excluded.city, state = excluded.state, zip = excluded.zip, updated_at = now()`,
          (['npi', 'entity_type', 'name', 'taxonomy', 'address', 'city', 'state', 'zip'] as const).map((k) =>
            rows.map((r) => r[k]),
          ),
        );
      }),
    { batchSize, progress },
  );
}
