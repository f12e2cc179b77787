import type { Queryable } from '../db/database.ts';
import { recountRooms, type Room } from '../admissions/rooms.ts';
import { insertRows, type seeded } from './demo-rows.ts';
import { ADMISSION_STATUS, CLAIM_FORMAT, CLAIM_STATUS } from '../../src/generated/ids.ts';
import { dischargedNote, historyNote } from '../../src/domain/history-notes.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';

type Random = ReturnType<typeof seeded>;

type Row = Record<string, unknown>;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (today: Date, n: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n));
const between = (a: unknown, b: unknown) =>
  Math.max(1, Math.round((Date.parse(String(b)) - Date.parse(String(a))) / 86_400_000));

/**
 * A billing company's admissions: the stays its institutional claims came from (discharged and
 * billed, linked both ways), a few discharged stays waiting to be billed, and patients in the rooms
 * now (never more than a room holds). Rooms' ocupation is counted from them at the end.
 */
export async function loadDemoAdmissions(
  tx: Queryable,
  r: Random,
  p: {
    billingCompanyId: number;
    patients: Array<{ id: number; first_name: string; last_name: string; company_id: number }>;
    policies: Map<number, Array<{ id: number }>>;
    professionalIds: number[];
    facilityIds: number[];
    unitIds: number[];
    today?: Date;
  },
): Promise<number> {
  const today = p.today ?? new Date();
  const claims = (
    await tx.query<Row>(
      `select c.id, c.patient_id, c.patient_name, c.company_id, c.facility_id, c.attending_provider_id, c.insurance_policy_ids, c.diagnoses, c.date_of_service::text as dos,
            c.admission_date::text as admission_date, c.admission_hour, c.discharge_date::text as discharge_date, c.discharge_hour, c.admission_type, c.admission_source, c.patient_status,
            (select jsonb_agg(jsonb_build_object('from_service', to_char(s.from_service, 'MM/DD/YYYY'), 'to_service', to_char(s.to_service, 'MM/DD/YYYY'), 'revenue_code', s.revenue_code,
                    'procedure_code', s.procedure_code, 'days_or_units', s.days_or_units, 'price', s.price) order by s.line_number) from claim_services s where s.claim_id = c.id) as services
       from claims c where c.billing_company_id = $1 and c.format_id = ${CLAIM_FORMAT.INSTITUTIONAL} and c.status_id >= ${CLAIM_STATUS.NOT_SUBMITTED} order by c.id`,
      [p.billingCompanyId],
    )
  ).rows;
  const numbers = new Map(
    (
      await tx.query<{ id: string; policy_number: string }>(
        'select id, policy_number from insurance_policies where billing_company_id = $1',
        [p.billingCompanyId],
      )
    ).rows.map((x) => [Number(x.id), x.policy_number]),
  );
  const policiesOf = (ids: number[]) =>
    ids.map((id, k) => ({
      insurance_policy_id: id,
      policy_number: numbers.get(id),
      ...(k === 0 && r.chance(0.5) ? { authorization_number: `AU-${r.digits(6)}` } : {}),
    }));
  const us = (isoDate: unknown) =>
    isoDate ? `${String(isoDate).slice(5, 7)}/${String(isoDate).slice(8, 10)}/${String(isoDate).slice(0, 4)}` : null;
  const rows: Row[] = [];
  const history: Array<{ index: number; road: number[]; at: string }> = [];
  // Stays already billed: the institutional claims' own admissions (an inpatient stay, or a same-day observation).
  for (const c of claims) {
    const inpatient = !!c.admission_date;
    const from = inpatient ? String(c.admission_date) : String(c.dos);
    const to = inpatient ? String(c.discharge_date) : String(c.dos);
    history.push({ index: rows.length, road: [1, 2, 3], at: from });
    rows.push({
      billing_company_id: p.billingCompanyId,
      patient_id: c.patient_id,
      patient_name: c.patient_name,
      company_id: c.company_id,
      facility_id: c.facility_id,
      program: inpatient ? 'INP' : 'OBS',
      attending_provider_id: c.attending_provider_id,
      admission_date: from,
      admission_hour: c.admission_hour ?? r.int(7, 18),
      discharge_date: to,
      discharge_hour: c.discharge_hour ?? r.int(12, 20),
      los: between(from, to),
      funding: 'INS',
      policies: policiesOf((c.insurance_policy_ids as number[]) ?? []),
      signed_assignment: 'Y',
      information_release: 'Y',
      statement_from: from,
      statement_through: to,
      admission_type: c.admission_type ?? '3',
      admission_source: c.admission_source ?? '1',
      patient_status: c.patient_status ?? '01',
      diagnoses: c.diagnoses,
      services: c.services ?? [],
      claim_id: c.id,
      status_id: ADMISSION_STATUS.BILLED,
      outside_lab: false,
      dorm: false,
    });
  }
  // Stays discharged in the last weeks, not billed yet; and patients in the rooms now.
  const units = (
    await tx.query<{ id: string; company_id: string; rooms: Room[] }>(
      'select id, company_id, rooms from units where id = any($1::bigint[]) order by id',
      [p.unitIds],
    )
  ).rows;
  const insured = p.patients.filter((x) => (p.policies.get(x.id) ?? []).length);
  const stay = ({
    patient,
    companyId,
    back,
    open,
    bed,
  }: {
    patient: (typeof insured)[number];
    companyId: number;
    back: number;
    open: boolean;
    bed?: { unit: number; room: string };
  }) => {
    const from = iso(daysAgo(today, back));
    const to = open ? null : iso(daysAgo(today, Math.max(0, back - r.int(1, 4))));
    const last = to ?? iso(today);
    const nights = between(from, last);
    history.push({ index: rows.length, road: open ? [1] : [1, 2], at: from });
    rows.push({
      billing_company_id: p.billingCompanyId,
      patient_id: patient.id,
      patient_name: `${patient.first_name} ${patient.last_name}`,
      company_id: companyId,
      facility_id: p.facilityIds[0],
      program: r.pick(['INP', 'DTX', 'RES']),
      unit_id: bed?.unit ?? null,
      room: bed?.room ?? null,
      attending_provider_id: r.pick(p.professionalIds),
      admission_date: from,
      admission_hour: r.int(7, 20),
      expected_discharge_date: iso(daysAgo(today, back - 5)),
      discharge_date: to,
      discharge_hour: open ? null : r.int(9, 17),
      los: nights,
      funding: 'INS',
      policies: policiesOf((p.policies.get(patient.id) ?? []).map((x) => x.id).slice(0, 2)),
      signed_assignment: 'Y',
      information_release: 'Y',
      statement_from: from,
      statement_through: open ? null : to,
      admission_type: '2',
      admission_source: '1',
      patient_status: open ? null : '01',
      diagnoses: [{ code: r.pick(['F10.239', 'J44.1', 'I50.9', 'N39.0']), poa: 'Y' }],
      services: [
        {
          from_service: us(from),
          to_service: us(last),
          revenue_code: '0120',
          days_or_units: String(nights),
          price: 95000,
        },
        {
          from_service: us(from),
          to_service: us(from),
          revenue_code: '0300',
          procedure_code: '85025',
          days_or_units: '1',
          price: 4500,
        },
      ],
      status_id: open ? 1 : 2,
      outside_lab: false,
      dorm: false,
    });
  };
  let n = 0;
  for (const u of units) {
    for (const room of u.rooms ?? []) {
      // Most rooms have someone; one bed of each is left free so a new admission always finds room.
      const beds = Math.max(0, Math.min(Number(room.capacity) - 1, r.int(0, 1)));
      for (let b = 0; b < beds && n < insured.length; b++)
        stay({
          patient: insured[n++],
          companyId: Number(u.company_id),
          back: r.int(1, 12),
          open: true,
          bed: { unit: Number(u.id), room: room.code },
        });
    }
  }
  for (let k = 0; k < 15 && n < insured.length; k++)
    stay({ patient: insured[n++], companyId: insured[n - 1].company_id, back: r.int(6, 40), open: false });
  const ids = await insertRows(tx, 'admissions', rows, 200);
  await tx.query(`update admissions set code = 'ADM-' || lpad(id::text, 6, '0') where id = any($1::bigint[])`, [ids]);
  await tx.query(
    `update claims c set admission_id = a.id from admissions a where a.id = any($1::bigint[]) and a.claim_id = c.id`,
    [ids],
  );
  // The notes the product writes on these steps: a discharge names its day and hour, as the Discharge action does.
  const noteOf = (to: number, row: Row) =>
    to === ADMISSION_STATUS.ADMITTED
      ? historyNote('admitted')
      : to === ADMISSION_STATUS.DISCHARGED
        ? dischargedNote(String(isoToUsDate(String(row.discharge_date))), Number(row.discharge_hour))
        : historyNote('transferredToBilling');
  await insertRows(
    tx,
    'state_transitions',
    history.flatMap((h) =>
      h.road.map((to, k) => ({
        entity: 'admission',
        entity_id: ids[h.index],
        billing_company_id: p.billingCompanyId,
        from_state: k === 0 ? null : h.road[k - 1],
        to_state: to,
        note: noteOf(to, rows[h.index]),
        user_id: null,
        created_at: new Date(Date.parse(`${h.at}T12:00:00Z`) + k * 86_400_000).toISOString(),
      })),
    ),
    500,
  );
  await recountRooms(tx, p.unitIds);
  return ids.length;
}
