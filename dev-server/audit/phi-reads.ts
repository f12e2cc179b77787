import type { Request } from 'express';
import type { Entity } from '../../src/platform/entity.ts';
import type { Queryable } from '../db/database.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Actor } from '../security/actor.ts';
import type { PhiRead } from '../http/guarded-routes.ts';

/** Records the routes name that are not entities of the schemas: the file store's files. */
const OTHER_TABLES: Record<string, string> = { file: 'files' };

/**
 * Writes the read a route declares (`phi` on a guarded route) once it has answered: who read which record, what of it
 * (its `view`: payments, preview, content…), when and from where, in the record's billing company's chain, never what
 * it holds. HIPAA's audit of reads, for the routes that answer a patient's information without going through a
 * store's record read.
 */
export function phiReadRecorder(db: Queryable, entities: Entity[]) {
  const tables = new Map<string, string>(Object.entries(OTHER_TABLES));
  for (const e of entities) tables.set(e.resource.module, e.resource.table);
  return async (req: Request, actor: Actor, phi: PhiRead): Promise<void> => {
    const table = tables.get(phi.entity);
    if (!table) throw new Error(`phi: no table for ${phi.entity}`);
    const id = Number(req.params[phi.param ?? 'id']);
    if (!Number.isSafeInteger(id)) return;
    const r = await db.query<{ bc: string | null }>(`select billing_company_id as bc from ${table} where id = $1`, [
      id,
    ]);
    if (!r.rows.length) return;
    const bc = r.rows[0].bc === null ? null : Number(r.rows[0].bc);
    // Another billing company's record is not found for this person: nothing is recorded in that company's trail.
    if (bc !== null && !actor.crossTenant && !actor.billingCompanyIds.includes(bc)) return;
    await writePhiRead(db, actor, { entity: phi.entity, id, billingCompanyId: bc, view: { view: phi.view } });
  };
}

/** One read of a record's patient information in the trail: which record, in whose chain, what of it; never its values. */
export const writePhiRead = (
  db: Queryable,
  actor: Actor,
  r: { entity: string; id: number; billingCompanyId: number | null; view: Record<string, string> },
) =>
  writeAudit(db, actor, {
    entity: r.entity,
    event: 'read',
    entityId: r.id,
    billingCompanyId: r.billingCompanyId,
    oldValues: null,
    newValues: r.view,
  });
