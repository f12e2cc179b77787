import { isoToUsDate } from '../../src/domain/formats.ts';
import type { Queryable } from '../db/database.ts';
import type { ClaimParties } from '../../src/domain/claims/claim-to-837.ts';
import { codeOf } from './claim-code-lists.ts';

type Row = Record<string, unknown>;
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.id), r]));

/**
 * The parties of many claims at once (a batch may hold thousands): one query per table, never one
 * per claim. Answers each claim's parties as the 837 mapping reads them.
 */
export async function claimParties(db: Queryable, claims: Row[]): Promise<Map<number, ClaimParties>> {
  const ids = (f: string) => [
    ...new Set(
      claims
        .flatMap((c) => (Array.isArray(c[f]) ? (c[f] as unknown[]) : [c[f]]))
        .filter((x) => x !== undefined && x !== null)
        .map(Number),
    ),
  ];
  const providerFields = [
    'billing_provider_id',
    'attending_provider_id',
    'referring_provider_id',
    'supervising_provider_id',
    'operating_provider_id',
  ];
  // One after the other: db may be a transaction's client, which runs one statement at a time.
  const companies = await db.query<{ id: number } & Row>(
    'select id, name, npi, tax_id, ein, taxonomy, address, city, state, zip from companies where id = any($1::bigint[])',
    [ids('company_id')],
  );
  const patients = await db.query<{ id: number } & Row>(
    'select id, first_name, last_name, date_of_birth::text, sex, addresses from patients where id = any($1::bigint[])',
    [ids('patient_id')],
  );
  const facilities = await db.query<{ id: number } & Row>(
    'select id, name, npi, taxonomies, address, city, state, zip from facilities where id = any($1::bigint[])',
    [ids('facility_id')],
  );
  const providers = await db.query<{ id: number } & Row>(
    'select id, first_name, last_name, npi, taxonomy from health_professionals where id = any($1::bigint[])',
    [providerFields.flatMap((f) => ids(f))],
  );
  const policies = await db.query<{ id: number } & Row>(
    `select p.id, p.policy_number, p.group_number, p.type_responsibility_id, p.own_insurance, p.assign_benefits, p.subscriber, ic.name as payer_name, ic.payer_id, ic.ins_type_id,
              ps.payer_id as our_payer_id
         from insurance_policies p join insurance_companies ic on ic.id = p.insurance_company_id
         left join payer_settings ps on ps.insurance_company_id = ic.id and ps.billing_company_id = p.billing_company_id
        where p.id = any($1::bigint[])`,
    [ids('insurance_policy_ids')],
  );
  const co = byId(companies.rows),
    pa = byId(patients.rows),
    hp = byId(providers.rows),
    po = byId(policies.rows),
    fa = byId(facilities.rows);
  const out = new Map<number, ClaimParties>();
  for (const c of claims) {
    const patient = pa.get(Number(c.patient_id))!;
    const home = ((patient.addresses as Row[] | null) ?? [])[0];
    const provider = (f: string) => (c[f] ? (hp.get(Number(c[f])) as ClaimParties['providers'][string]) : undefined);
    const facility = c.facility_id ? fa.get(Number(c.facility_id)) : undefined;
    out.set(Number(c.id), {
      company: co.get(Number(c.company_id)) as unknown as ClaimParties['company'],
      ...(facility ? { facility: facility as unknown as NonNullable<ClaimParties['facility']> } : {}),
      patient: {
        first_name: String(patient.first_name),
        last_name: String(patient.last_name),
        date_of_birth: String(isoToUsDate(patient.date_of_birth) ?? ''),
        sex: patient.sex as string,
        address: home
          ? {
              line1: String(home.address),
              city: String(home.city),
              state: String(home.state),
              zip: String(home.zip).replace(/\D/g, ''),
            }
          : null,
      },
      providers: {
        billing: provider('billing_provider_id'),
        attending: provider('attending_provider_id'),
        referring: provider('referring_provider_id'),
        supervising: provider('supervising_provider_id'),
        operating: provider('operating_provider_id'),
      },
      policies: ((c.insurance_policy_ids as number[] | undefined) ?? [])
        .map((id) => po.get(Number(id)))
        .filter(Boolean)
        .sort((a, b) => Number(a!.type_responsibility_id) - Number(b!.type_responsibility_id))
        .map((p) => ({
          policy_number: String(p!.policy_number),
          group_number: p!.group_number as string | null,
          own_insurance: p!.own_insurance !== false,
          assign_benefits: p!.assign_benefits !== false,
          subscriber: p!.subscriber as Row | null,
          type_responsibility_code: codeOf('responsibility-types', Number(p!.type_responsibility_id)) ?? 'P',
          relationship_code: codeOf('relationships', (p!.subscriber as Row | null)?.relationship_id),
          payer: {
            name: String(p!.payer_name),
            payer_id: String(p!.our_payer_id ?? p!.payer_id),
            ins_type_code: codeOf('ins-types', Number(p!.ins_type_id)) ?? null,
          },
        })),
    });
  }
  return out;
}
