import { DomainError, invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { ADMISSION_STATUS, RESPONSIBILITY_TYPE } from '../../src/generated/ids.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { readableBy } from '../resources/shared-tenancy.ts';
import { roomLabel, type Room } from './rooms.ts';
import type { Actor } from '../security/actor.ts';
import type { AdmissionContext } from './admission-routes.ts';

/** A search as typed, trimmed and lower-cased ('' when none). */
export const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
/** The actor's billing companies as a condition on a column, its parameter pushed ('true' for a Super User). */
const tenant = (
  actor: { crossTenant: boolean; billingCompanyIds: number[] },
  params: unknown[],
  column = 'billing_company_id',
) =>
  actor.crossTenant ? 'true' : (params.push(actor.billingCompanyIds), `${column} = any($${params.length}::bigint[])`);
/** The admission programs, with the revenue codes each bills. */
export const programs = () =>
  codeListFile('admission-programs') as Array<{ id: string; name: string; name_es?: string; revenue_codes?: string[] }>;

/** What a policy's name adds when the payer's latest 271 said it is not in force (a stay should not be billed to it). */
const PAYER_SAID_INACTIVE = {
  en: " — the payer's 271 of {day} says inactive",
  es: ' — el 271 del pagador del {day} dice inactiva',
} as const;
/** The warning the picker shows under a policy so marked once it is chosen (a long name is cut in the field). */
const PAYER_SAID_INACTIVE_WARNING = {
  en: "The payer's 271 of {day} says this policy is inactive: check eligibility again or choose another policy.",
  es: 'El 271 del pagador del {day} dice que esta póliza está inactiva: verifique la elegibilidad de nuevo o elija otra póliza.',
} as const;

/**
 * A patient's active policies [{id, name}], primary first, those the payer's latest 271 said inactive last and said so
 * in their name and in a warning the picker shows under the chosen one: a person picking one is warned at once, and a
 * form that fills in the first policy fills in one in force.
 */
export async function patientPolicies(
  ctx: AdmissionContext,
  actor: { crossTenant: boolean; billingCompanyIds: number[] },
  patientId: number | undefined,
  locale: 'en' | 'es' = 'en',
) {
  if (!patientId) return [];
  const params: unknown[] = [patientId];
  const r = await ctx.db.query<{ id: number; name: string; inactive_on: string | null }>(
    `select p.id, case p.type_responsibility_id when ${RESPONSIBILITY_TYPE.PRIMARY} then 'P' when ${RESPONSIBILITY_TYPE.SECONDARY} then 'S' else 'T' end || ' · ' || p.policy_number || ' · ' || ic.name as name,
            case when e.coverage = 'inactive' then to_char(e.answered_at, 'MM/DD/YYYY') end as inactive_on
       from insurance_policies p join insurance_companies ic on ic.id = p.insurance_company_id
       left join lateral (select coverage, answered_at from eligibility_checks e
                           where e.billing_company_id = p.billing_company_id and e.insurance_policy_id = p.id
                             and e.state = 'answered' and e.coverage in ('active', 'inactive')
                           order by e.answered_at desc limit 1) e on true
      where p.patient_id = $1 and ${tenant(actor, params, 'p.billing_company_id')} and p.status is not false and (p.end_date is null or p.end_date >= current_date)
      order by e.coverage = 'inactive' nulls first, p.type_responsibility_id, p.id`,
    params,
  );
  return r.rows.map((p) =>
    p.inactive_on
      ? {
          id: p.id,
          name: p.name + PAYER_SAID_INACTIVE[locale].replace('{day}', p.inactive_on),
          warning: PAYER_SAID_INACTIVE_WARNING[locale].replace('{day}', p.inactive_on),
        }
      : { id: p.id, name: p.name },
  );
}

/** A company's units with rooms [{id, name}]; a company with none is refused. */
export async function companyUnits(ctx: AdmissionContext, actor: Actor, companyId: number | undefined) {
  const params: unknown[] = [];
  const where = [tenant(actor, params), 'status is not false'];
  if (companyId) {
    params.push(companyId);
    where.push(`company_id = $${params.length}`);
  }
  const r = await ctx.db.query<{ id: number; name: string }>(
    `select id, code || ' - ' || name as name from units where ${where.join(' and ')} and jsonb_array_length(coalesce(rooms, '[]'::jsonb)) > 0 order by code`,
    params,
  );
  if (companyId && !r.rows.length)
    throw invalid({ unit_id: [problem('no_units_rooms_registered_company')] }, 'no_units_rooms_registered_company');
  return r.rows;
}

/** A unit's rooms with a free bed; the admission being edited keeps its own bed. */
export async function freeRooms(
  ctx: AdmissionContext,
  actor: Actor,
  ask: { unitId: number | undefined; recordId: number | undefined },
) {
  const { unitId } = ask;
  if (!unitId) return [];
  const params: unknown[] = [unitId];
  const unit = (
    await ctx.db.query<{ rooms: Room[] | null }>(
      `select rooms from units where id = $1 and ${tenant(actor, params)}`,
      params,
    )
  ).rows[0];
  if (!unit) throw new DomainError('not_found');
  const own = ask.recordId ?? 0;
  const counts = new Map(
    (
      await ctx.db.query<{ room: string; n: string }>(
        `select room, count(*) as n from admissions where unit_id = $1 and status_id = ${ADMISSION_STATUS.ADMITTED} and id <> $2 group by room`,
        [unitId, own],
      )
    ).rows.map((x) => [x.room, Number(x.n)]),
  );
  return (unit.rooms ?? [])
    .filter((r) => (counts.get(r.code) ?? 0) < Number(r.capacity))
    .map((r) => ({ id: r.code, name: roomLabel(r, counts.get(r.code) ?? 0) }));
}

/** The procedures a company bills (its services) [{id, name, price}] matching a search. */
export async function companyProceduresPriced(ctx: AdmissionContext, actor: Actor, companyId: number, search: string) {
  const params: unknown[] = [companyId];
  const co = (
    await ctx.db.query<{
      services: Array<{ procedure_code: string; std_price?: number }> | null;
      billing_company_id: string;
    }>(`select services, billing_company_id from companies where id = $1 and ${tenant(actor, params)}`, params)
  ).rows[0];
  if (!co) throw new DomainError('not_found');
  const codes = (co.services ?? []).map((s) => s.procedure_code);
  const r = await ctx.db.query<{ code: string; description: string }>(
    `select code, coalesce(short_description, description) as description from procedures where code = any($1::text[]) and ${readableBy('$2')} order by code`,
    [codes, co.billing_company_id],
  );
  const price = new Map((co.services ?? []).map((s) => [s.procedure_code, s.std_price]));
  return r.rows
    .filter((p) => !search || p.code.toLowerCase().includes(search) || p.description.toLowerCase().includes(search))
    .map((p) => ({
      id: p.code,
      name: `${p.code} - ${p.description}`,
      ...(price.get(p.code) !== undefined ? { price: price.get(p.code) } : {}),
    }));
}

/** The programs a company admits to (all of them when the company has not chosen). */
export async function companyPrograms(ctx: AdmissionContext, actor: Actor, companyId: number, locale: string) {
  const params: unknown[] = [companyId];
  const co = (
    await ctx.db.query<{ programs: string[] | null }>(
      `select programs from companies where id = $1 and ${tenant(actor, params)}`,
      params,
    )
  ).rows[0];
  if (!co) throw new DomainError('not_found');
  return programs()
    .filter((p) => !co.programs?.length || co.programs.includes(p.id))
    .map((p) => ({ id: p.id, name: locale === 'es' && p.name_es ? p.name_es : p.name }));
}

/** Discharged admissions not yet billed: what a new institutional claim may be made from. */
export async function admissionsToBill(ctx: AdmissionContext, actor: Actor) {
  const params: unknown[] = [];
  const r = await ctx.db.query<{ id: number; name: string }>(
    `select id, code || ' · ' || coalesce(patient_name, '') || ' · ' || to_char(admission_date, 'MM/DD/YYYY') as name from admissions where ${tenant(actor, params)} and status_id = ${ADMISSION_STATUS.DISCHARGED} order by admission_date desc, id desc limit 500`,
    params,
  );
  return r.rows;
}
