// npm run keys:rotate — replaces the key that seals stored secrets (SFTP passwords and keys, authenticator seeds, the
// SSN fingerprint key) and seals them all again under the new one. Back the new key up (SECRETS_KEY or
// DATA_DIR/secrets.key) before throwing the old one away: backups made before need the key of their time.
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { rotateSecretsKey } from '../security/key-rotation.ts';
import { secretsKeyFile } from '../security/secret-box.ts';

const db = await openDatabase();
try {
  await migrate(db);
  const r = await rotateSecretsKey(db);
  console.log(
    `Sealed ${r.resealed} secrets again under the new key${r.keyFile ? `, now the only key in ${secretsKeyFile()}` : ''}.` +
      (r.keyFile ? '' : ' Drop the old key from SECRETS_KEY now.'),
  );
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
