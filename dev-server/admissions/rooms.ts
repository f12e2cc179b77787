import type { Queryable } from '../db/database.ts';
import { ADMISSION_STATUS } from '../../src/generated/ids.ts';

export interface Room {
  code: string;
  name: string;
  capacity: number;
  ocupation?: number;
}

/** The patients in a room now: open admissions there (another one, when an admission is being moved). */
export async function occupants(tx: Queryable, unitId: number, room: string, exceptAdmission = 0): Promise<number> {
  const r = await tx.query<{ n: string }>(
    `select count(*) as n from admissions where unit_id = $1 and room = $2 and status_id = ${ADMISSION_STATUS.ADMITTED} and id <> $3`,
    [unitId, room, exceptAdmission],
  );
  return Number(r.rows[0].n);
}

/**
 * A room's ocupation is the count of open admissions in it, written back to the unit's rooms so the
 * unit screens show it. Derived data kept by the system on every admit, move, discharge and undo.
 */
export async function recountRooms(tx: Queryable, unitIds: Array<number | null | undefined>): Promise<void> {
  const ids = [...new Set(unitIds.filter((x): x is number => typeof x === 'number' && x > 0))];
  if (!ids.length) return;
  await tx.query(
    `update units u set rooms = (
       select coalesce(jsonb_agg(r.value || jsonb_build_object('ocupation',
                (select count(*) from admissions a where a.unit_id = u.id and a.room = r.value->>'code' and a.status_id = ${ADMISSION_STATUS.ADMITTED})) order by r.ordinality), '[]'::jsonb)
         from jsonb_array_elements(coalesce(u.rooms, '[]'::jsonb)) with ordinality r)
      where u.id = any($1::bigint[])`,
    [ids],
  );
}

/** How a room is shown (document 2): code ~ name ~ ocupation/capacity. */
export const roomLabel = (r: Room, occupied: number) =>
  `${r.code} ~ ${r.name ?? '-'} ~ ${occupied}/${r.capacity ?? '-'}`;
