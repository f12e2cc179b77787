// npm run restore -- file — restores a backup (npm run backup's file) into an empty database: a new DATA_DIR, or a new
// PostgreSQL database named by DATABASE_URL. Then proves the audit trail came back whole (as npm run audit:verify).
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { verifyAuditChains } from '../audit/audit-chain.ts';
import { openDatabase } from '../db/open-database.ts';
import { RestoreRefusedError, restoreBackup } from '../db/restore.ts';
import { unreadableSecrets } from '../security/key-rotation.ts';
import { secretsKeyFile } from '../security/secret-box.ts';
import { localBlobStorage } from '../storage/blob-storage.ts';

const file = process.argv[2];
if (!file) {
  console.error('Name the backup to restore: npm run restore -- backup-….rcmbackup');
  process.exit(2);
}
const db = await openDatabase();
try {
  const s = await restoreBackup(
    db,
    localBlobStorage(join(process.env.DATA_DIR ?? './data', 'files')),
    createReadStream(file),
  );
  console.log(
    `Restored the backup made at ${s.madeAt}: ${s.rows.toLocaleString('en-US')} rows of ${Object.keys(s.tables).length} tables and ${s.blobs} stored files.`,
  );
  if (s.upgradedWith.length)
    console.log(`Then upgraded it with ${s.upgradedWith.length} migrations: ${s.upgradedWith.join(', ')}.`);
  const unreadable = await unreadableSecrets(db);
  if (unreadable)
    console.log(
      `${unreadable} sealed secrets (SFTP passwords, authenticator seeds, the SSN key) do not open with this machine's key: ` +
        `put the backup's key in SECRETS_KEY or ${secretsKeyFile()} before starting the server.`,
    );
  const audit = await verifyAuditChains(db);
  console.log(
    audit.breaks.length
      ? `The audit trail is broken in ${audit.breaks.length} chains: run npm run audit:verify for where.`
      : `The audit trail holds: ${audit.rows.toLocaleString('en-US')} rows in ${audit.chains} chains.`,
  );
  process.exitCode = audit.breaks.length ? 1 : 0;
} catch (e) {
  if (!(e instanceof RestoreRefusedError)) throw e;
  console.error(e.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
