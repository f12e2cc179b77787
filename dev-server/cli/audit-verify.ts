// npm run audit:verify — proves the audit trail's chains (DATABASE_URL, else the embedded database in DATA_DIR), or
// names the first broken row of each chain. Exit 0 when every chain holds, 1 when one is broken.
import { verifyAuditChains } from '../audit/audit-chain.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';

const PROBLEMS = {
  row_changed: 'the row was changed after it was written',
  previous_row_changed_or_removed: 'the row before it was changed or removed',
  row_removed_before: 'a row before it was removed',
} as const;

const db = await openDatabase();
try {
  await migrate(db);
  const { rows, chains, breaks } = await verifyAuditChains(db);
  for (const b of breaks)
    console.log(
      `BROKEN: chain of ${b.chain ? `billing company ${b.chain}` : 'the platform'} at audit row ${b.auditId} (number ${b.seq} in its chain): ${PROBLEMS[b.problem]}`,
    );
  console.log(
    breaks.length
      ? `${breaks.length} of ${chains} chains broken (${rows.toLocaleString('en-US')} rows checked).`
      : `The audit trail holds: ${rows.toLocaleString('en-US')} rows in ${chains} chains, each row matching its hash and the row before it.`,
  );
  process.exitCode = breaks.length ? 1 : 0;
} finally {
  await db.close();
}
