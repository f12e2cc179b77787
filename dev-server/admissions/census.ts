import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import { ADMISSION_STATUS } from '../../src/generated/ids.ts';

/**
 * The census: every room of every unit with its capacity and the patients in it now (open
 * admissions), with totals by facility and overall. The census report of document 1 reads the same
 * records. Two queries whatever the number of rooms.
 */
export async function census(db: Queryable, actor: Actor, companyId?: number) {
  const params: unknown[] = [];
  const where = [
    actor.crossTenant
      ? 'true'
      : (params.push(actor.billingCompanyIds), `u.billing_company_id = any($${params.length}::bigint[])`),
    'u.status is not false',
  ];
  if (companyId) {
    params.push(companyId);
    where.push(`u.company_id = $${params.length}`);
  }
  const rooms = (
    await db.query<{
      company: string;
      unit_id: string;
      unit: string;
      room: string;
      room_name: string;
      capacity: number;
      patients: Array<Record<string, unknown>> | null;
    }>(
      `select c.name as company, u.id as unit_id, u.code || ' - ' || u.name as unit, r.value->>'code' as room, r.value->>'name' as room_name, (r.value->>'capacity')::int as capacity,
            (select json_agg(json_build_object('admission_id', a.id, 'code', a.code, 'patient', a.patient_name, 'program', a.program,
                      'admitted', to_char(a.admission_date, 'MM/DD/YYYY'), 'facility_id', a.facility_id) order by a.admission_date)
               from admissions a where a.unit_id = u.id and a.room = r.value->>'code' and a.status_id = ${ADMISSION_STATUS.ADMITTED}) as patients
       from units u join companies c on c.id = u.company_id cross join lateral jsonb_array_elements(coalesce(u.rooms, '[]'::jsonb)) with ordinality r
      where ${where.join(' and ')} order by c.name, u.code, r.ordinality`,
      params,
    )
  ).rows;
  const byFacility = (
    await db.query<{ facility_id: string | null; facility: string | null; patients: string }>(
      `select a.facility_id, f.name as facility, count(*) as patients from admissions a left join facilities f on f.id = a.facility_id
      where a.status_id = ${ADMISSION_STATUS.ADMITTED} and ${actor.crossTenant ? 'true' : `a.billing_company_id = any($1::bigint[])`}${companyId ? ` and a.company_id = $${actor.crossTenant ? 1 : 2}` : ''}
      group by a.facility_id, f.name order by f.name`,
      [...(actor.crossTenant ? [] : [actor.billingCompanyIds]), ...(companyId ? [companyId] : [])],
    )
  ).rows;
  const out = rooms.map((r) => {
    const occupied = r.patients?.length ?? 0;
    return {
      company: r.company,
      unit_id: Number(r.unit_id),
      unit: r.unit,
      room: r.room,
      room_name: r.room_name,
      capacity: r.capacity,
      occupied,
      free: Math.max(0, r.capacity - occupied),
      patients: r.patients ?? [],
    };
  });
  return {
    rooms: out,
    by_facility: byFacility.map((f) => ({
      facility_id: f.facility_id === null ? null : Number(f.facility_id),
      facility: f.facility ?? 'No facility',
      patients: Number(f.patients),
    })),
    totals: { capacity: out.reduce((n, r) => n + r.capacity, 0), occupied: out.reduce((n, r) => n + r.occupied, 0) },
  };
}
