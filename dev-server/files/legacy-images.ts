import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemActor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';

/**
 * Photos and logos used to sit at public addresses (files/photos/user-1.png). On start, each one
 * still named so is moved into the file store (its bytes checked like any upload) and its record
 * points at the signed-in route; one that is missing or is not a raster image is dropped.
 */
export async function moveLegacyImages(db: Database, files: FileStore, filesDir: string): Promise<number> {
  const rows = await db.query<{ tbl: string; id: number; path: string; bc: number | null; user_id: number | null }>(
    `select 'users' as tbl, id, photo as path, null::bigint as bc, id as user_id from users where photo like 'files/photos/%'
     union all select 'billing_companies', id, logo, id, null from billing_companies where logo like 'files/logos/%'`,
  );
  let moved = 0;
  for (const r of rows.rows) {
    const kind = r.tbl === 'users' ? 'photo' : 'logo';
    const column = kind === 'photo' ? 'photo' : 'logo';
    const old = join(filesDir, r.path.replace(/^files\//, ''));
    let address: string | null = null;
    if (existsSync(old)) {
      // A photo is its owner's: the system files it under that person, as if they had uploaded it.
      const actor = {
        ...systemActor(r.bc === null ? null : Number(r.bc), 'move-legacy-images'),
        userId: Number(r.user_id ?? 0),
        system: r.user_id === null,
      };
      try {
        const f = await files.save(actor, {
          kind,
          name: r.path.split('/').pop()!,
          billingCompanyId: r.bc === null ? null : Number(r.bc),
          source: readFileSync(old),
        });
        address = `api/v1/files/${f.id}/content`;
      } catch {
        address = null;
      }
    }
    await db.query(`update ${r.tbl} set ${column} = $2 where id = $1`, [r.id, address]);
    moved += address ? 1 : 0;
  }
  return moved;
}
