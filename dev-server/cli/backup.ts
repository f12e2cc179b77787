// npm run backup [-- file] — writes the whole database (DATABASE_URL, else the embedded one in DATA_DIR) and its stored
// files into one file, as a consistent snapshot. The embedded database can be read by one process at a time: stop the
// server first; a PostgreSQL server is backed up while the product runs. The encryption key (SECRETS_KEY or
// DATA_DIR/secrets.key) is not in the backup: keep it apart from it, a restore needs the same key.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { writeBackup } from '../db/backup.ts';
import { openDatabase } from '../db/open-database.ts';
import { localBlobStorage } from '../storage/blob-storage.ts';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const file = process.argv[2] ?? `backup-${stamp}.rcmbackup`;
const db = await openDatabase();
try {
  const out = createWriteStream(file, { mode: 0o600 });
  const s = await writeBackup(db, localBlobStorage(join(process.env.DATA_DIR ?? './data', 'files')), out);
  console.log(
    `Backed up ${s.rows.toLocaleString('en-US')} rows of ${Object.keys(s.tables).length} tables, ${s.sequences} sequences and ${s.blobs} stored files into ${file}.`,
  );
  if (s.missingBlobs.length)
    console.log(
      `${s.missingBlobs.length} stored files were missing from storage and are not in it: ${s.missingBlobs.join(', ')}`,
    );
} finally {
  await db.close();
}
