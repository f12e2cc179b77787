import type { Queryable } from '../db/database.ts';

/** One access to a patient's records: who, what, when and from where (never what was read). */
export interface PatientAccess {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  record: 'patient' | 'claim' | 'admission' | 'insurance_policy';
  record_id: number;
  event: string;
  view: string | null;
  ip: string | null;
}

/**
 * Every access to one patient's records, newest first: reads and changes of the patient, their claims, admissions
 * and policies (HIPAA's accounting of who saw a person's information). The records are found through the patient's
 * own rows, so a claim moved to another patient later still counts for the patient it was read under.
 */
export async function patientAccesses(
  db: Queryable,
  patientId: number,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ data: PatientAccess[]; count: number }> {
  const r = await db.query<PatientAccess & { total__: number }>(
    `with records(entity, entity_id) as (
       select 'patient', $1::bigint
       union all select 'claim', id from claims where patient_id = $1
       union all select 'admission', id from admissions where patient_id = $1
       union all select 'insurance_policy', id from insurance_policies where patient_id = $1)
     select a.id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, a.user_id,
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as user_name,
            u.email as user_email, a.entity as record, a.entity_id as record_id, a.event,
            a.new_values->>'view' as view, a.ip, count(*) over () as total__
       from records r join audits a on a.entity = r.entity and a.entity_id = r.entity_id
       left join users u on u.id = a.user_id
      order by a.id desc limit $2 offset $3`,
    [patientId, perPage, (page - 1) * perPage],
  );
  return {
    data: r.rows.map(({ total__: _t, ...row }) => ({
      ...row,
      id: Number(row.id),
      record_id: Number(row.record_id),
      user_id: row.user_id === null ? null : Number(row.user_id),
    })),
    count: Number(r.rows[0]?.total__ ?? 0),
  };
}
