import type { Actor } from '../security/actor.ts';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { checkPage, checkPeriod, checkUsDate, type QueryProblems } from '../http/query-checks.ts';
import type { Queryable } from '../db/database.ts';
import { ssnColumns } from '../security/ssn-protection.ts';
import { patientBalances } from './ledger-balances.ts';

/** The predecessor's search parameters (predecessor-facts §9): at least one is needed. */
const PARAMS = [
  'claim_number',
  'company_ids',
  'dob',
  'first_name',
  'last_name',
  'ssn',
  'medical_number',
  'patient_number',
  'health_professional_ids',
  'insurance_plans_ids',
  'start_date',
  'end_date',
  'query',
  'with_balance',
];
export const NO_PARAMETER = ERROR_CATALOGUE.error_provide_least_1_search_parameter.en;

const likePrefix = (v: string) =>
  `${v
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (x) => `\\${x}`)}%`;

/**
 * Finds the patients whose ledger to open, by what the person at the desk knows (name, date of
 * birth, SSN, record number, a claim number, the company, provider, plan or a service period), a
 * page at a time, each with what it owes split by insurance and patient.
 */
export async function searchLedger(db: Queryable, actor: Actor, q: Record<string, unknown>) {
  const given = PARAMS.filter((k) => q[k] !== undefined && String(q[k]).trim() !== '');
  if (!given.length)
    throw invalid(
      { search: [problem('error_provide_least_1_search_parameter')] },
      'error_provide_least_1_search_parameter',
    );
  const errors: QueryProblems = {};
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  const idList = (key: string) => {
    const list = String(q[key]).split(',').map(Number);
    if (list.some((x) => !Number.isSafeInteger(x) || x < 1)) {
      errors[key] = [problem('field_ids', { field: key.replace(/_/g, ' ') })];
      return null;
    }
    return list;
  };
  if (!actor.crossTenant) add((n) => `pt.billing_company_id = any(${n}::bigint[])`, actor.billingCompanyIds);
  const text = (key: string) => (q[key] === undefined ? '' : String(q[key]).trim());
  if (text('first_name')) add((n) => `lower(pt.first_name) like ${n}`, likePrefix(text('first_name')));
  if (text('last_name')) add((n) => `lower(pt.last_name) like ${n}`, likePrefix(text('last_name')));
  if (text('query')) {
    if (text('query').length < 3) errors.query = [problem('search_at_least_3')];
    else
      add(
        (n) =>
          `(lower(pt.last_name || ', ' || pt.first_name) like ${n} or lower(pt.first_name || ' ' || pt.last_name) like ${n} or lower(coalesce(pt.med_num, '')) like ${n})`,
        likePrefix(text('query')),
      );
  }
  if (text('medical_number')) add((n) => `lower(pt.med_num) = lower(${n})`, text('medical_number'));
  if (text('patient_number')) {
    if (!/^\d{1,12}$/.test(text('patient_number'))) errors.patient_number = [problem('patient_number_a_number')];
    else add((n) => `pt.id = ${n}::bigint`, Number(text('patient_number')));
  }
  const dob = checkUsDate(q, 'dob', errors);
  if (dob) add((n) => `pt.date_of_birth = ${n}::date`, dob);
  if (text('ssn')) {
    if (!/^\d{3}-?\d{2}-?\d{4}$/.test(text('ssn'))) errors.ssn = [problem('ssn_nine_digits')];
    else add((n) => `pt.ssn_hash = ${n}`, (await ssnColumns(db, text('ssn'))).ssn_hash);
  }
  if (text('claim_number'))
    add(
      (n) => `exists (select 1 from claims c where c.patient_id = pt.id and lower(c.code) = lower(${n}))`,
      text('claim_number'),
    );
  if (text('company_ids')) {
    const v = idList('company_ids');
    if (v)
      add(
        (n) =>
          `(pt.company_id = any(${n}::bigint[]) or exists (select 1 from claims c where c.patient_id = pt.id and c.company_id = any(${n}::bigint[])))`,
        v,
      );
  }
  if (text('health_professional_ids')) {
    const v = idList('health_professional_ids');
    if (v)
      add(
        (n) =>
          `exists (select 1 from claims c where c.patient_id = pt.id and (c.billing_provider_id = any(${n}::bigint[]) or c.attending_provider_id = any(${n}::bigint[]) or c.referring_provider_id = any(${n}::bigint[])))`,
        v,
      );
  }
  if (text('insurance_plans_ids')) {
    const v = idList('insurance_plans_ids');
    if (v)
      add(
        (n) =>
          `exists (select 1 from insurance_policies p where p.patient_id = pt.id and p.insurance_plan_id = any(${n}::bigint[]))`,
        v,
      );
  }
  const period = checkPeriod(q, errors, ['start_date', 'end_date']);
  for (const [day, op] of [
    [period.from, '>='],
    [period.to, '<='],
  ] as const)
    if (day)
      add(
        (n) => `exists (select 1 from claims c where c.patient_id = pt.id and c.date_of_service ${op} ${n}::date)`,
        day,
      );
  // with_balance: only patients with claims (the ones a statement run or a collector looks at).
  if (text('with_balance') === 'true') where.push('exists (select 1 from claims c where c.patient_id = pt.id)');
  const { page, perPage } = checkPage(q, errors, { perPage: 25, max: 100 });
  if (Object.keys(errors).length) throw invalid(errors);
  const rows = (
    await db.query<{
      id: string;
      first_name: string;
      last_name: string;
      med_num: string | null;
      dob: string | null;
      billing_company_id: string;
      total__: string;
    }>(
      `select pt.id, pt.first_name, pt.last_name, pt.med_num, to_char(pt.date_of_birth, 'MM/DD/YYYY') as dob, pt.billing_company_id, count(*) over () as total__
       from patients pt where ${where.join(' and ') || 'true'} order by pt.last_name, pt.first_name, pt.id limit ${perPage} offset ${(page - 1) * perPage}`,
      params,
    )
  ).rows;
  const balances = await patientBalances(
    db,
    rows.map((r) => Number(r.id)),
  );
  const count = rows[0] ? Number(rows[0].total__) : 0;
  return {
    data: rows.map((r) => {
      const b = balances.get(Number(r.id))!;
      return {
        id: Number(r.id),
        name: `${r.last_name}, ${r.first_name}`,
        medical_number: r.med_num,
        date_of_birth: r.dob,
        billing_company_id: Number(r.billing_company_id),
        insurance_balance: b.insurance_balance,
        patient_balance: b.patient_balance,
        balance: b.balance,
      };
    }),
    count,
    numberOfPages: Math.ceil(count / perPage),
  };
}

/** A patient's claims as picker names, newest first. */
export async function patientClaimChoices(db: Queryable, patientId: number) {
  return (
    await db.query<{ id: string; name: string }>(
      `select id, code || coalesce(' · ' || to_char(date_of_service, 'MM/DD/YYYY'), '') as name from claims where patient_id = $1 order by id desc limit 200`,
      [patientId],
    )
  ).rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
