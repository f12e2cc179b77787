// npm run audit:verify — proves the audit trail's chains (DATABASE_URL, else the embedded database in DATA_DIR), or
// names the first broken row of each chain. Exit 0 when every chain holds, 1 when one is broken.
import { verifyAuditChains } from '../audit/audit-chain.ts';
import { auditAnchorFile, verifyAuditAnchors } from '../db/audit-anchors.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';

const PROBLEMS = {
  row_changed: 'the row was changed after it was written',
  previous_row_changed_or_removed: 'the row before it was changed or removed',
  row_removed_before: 'a row before it was removed',
} as const;

const ANCHOR_PROBLEMS = {
  anchor_forged: 'the anchor is not signed by this installation’s key (written or changed by someone without it)',
  anchored_row_changed:
    'the row anchored then has another hash now: a row up to it was changed and the chain computed again',
  anchored_rows_removed: 'rows up to the anchored one are gone: the chain was cut',
} as const;

const db = await openDatabase();
try {
  await migrate(db);
  const { rows, chains, breaks } = await verifyAuditChains(db);
  const anchored = await verifyAuditAnchors(db);
  for (const b of anchored.breaks)
    console.log(
      `BROKEN: chain of ${b.chain > 0 ? `billing company ${b.chain}` : b.chain === 0 ? 'the platform' : 'an unreadable anchor'} against its anchor of ${b.at} (row number ${b.seq}): ${ANCHOR_PROBLEMS[b.problem]}`,
    );
  console.log(
    anchored.anchors
      ? `${anchored.anchors} signed anchors in ${auditAnchorFile()}: ${anchored.breaks.length ? `${anchored.breaks.length} chains do not match them` : 'every chain matches them'}.`
      : `No anchors in ${auditAnchorFile()} yet: the chains are proved by their own hashes only (the server anchors them every few minutes).`,
  );
  for (const b of breaks)
    console.log(
      `BROKEN: chain of ${b.chain ? `billing company ${b.chain}` : 'the platform'} at audit row ${b.auditId} (number ${b.seq} in its chain): ${PROBLEMS[b.problem]}`,
    );
  console.log(
    breaks.length
      ? `${breaks.length} of ${chains} chains broken (${rows.toLocaleString('en-US')} rows checked).`
      : `The audit trail holds: ${rows.toLocaleString('en-US')} rows in ${chains} chains, each row matching its hash and the row before it.`,
  );
  process.exitCode = breaks.length || anchored.breaks.length ? 1 : 0;
} finally {
  await db.close();
}
