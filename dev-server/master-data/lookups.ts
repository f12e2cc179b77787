import type { Queryable } from '../db/database.ts';
import type { LookupContext } from './lookup-routes.ts';
import { notFound, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { entityWriter } from '../resources/validation.ts';
import { entityOf, storeOf } from '../resources/store-of.ts';
import { readableBy, readableByActor } from '../resources/shared-tenancy.ts';

/** The billing companies the caller may pick on a form (every one for a Super User). */
export async function billingCompaniesFor(ctx: LookupContext, actor: Actor) {
  const params: unknown[] = [];
  const scope = actor.crossTenant ? 'true' : (params.push(actor.billingCompanyIds), 'id = any($1::bigint[])');
  const r = await ctx.db.query<{ id: string; abbreviation: string; name: string }>(
    `select id, abbreviation, name from billing_companies where status and ${scope} order by name`,
    params,
  );
  return r.rows.map((b) => ({ id: Number(b.id), name: `${b.abbreviation} - ${b.name}` }));
}

/** Codes a procedure lists (its diagnoses, its modifiers), each with its name from the code table. */
export async function codesOfProcedure({
  ctx,
  actor,
  code,
  field,
  entityName,
}: {
  ctx: LookupContext;
  actor: Actor;
  code: string;
  field: 'diagnosis_codes' | 'modifier_codes';
  entityName: 'diagnosis' | 'modifier';
}) {
  const p = await storeOf(ctx, actor, 'procedure').getBy('code', code, 'Procedure code not found');
  const codes = ((p[field] as string[] | undefined) ?? []).map((c) => c.toLowerCase());
  if (!codes.length) return [];
  const params: unknown[] = [codes];
  // A shared code table (modifiers: a billing company's own CPT modifiers) is read as its tenancy says; a global one whole.
  const { table, tenancy } = entityOf(ctx, entityName).resource;
  const scope = tenancy === 'shared' ? readableByActor(actor, params) : 'true';
  const r = await ctx.db.query<{ id: string; code: string; description: string }>(
    `select id, code, description from ${table} where lower(code) = any($1::text[]) and ${scope} order by code`,
    params,
  );
  return r.rows.map((x) => ({ id: Number(x.id), code: x.code, name: `${x.code} - ${x.description}` }));
}

/** The enabled procedures of a company's services as [{id, name}], for a claim's line picker. */
export async function companyProcedureChoices(ctx: LookupContext, actor: Actor, companyId: number) {
  const company = await storeOf(ctx, actor, 'company').get(companyId);
  const codes = ((company.services as Array<{ procedure_code: string }> | undefined) ?? []).map((s) =>
    s.procedure_code.toLowerCase(),
  );
  if (!codes.length) return [];
  const r = await ctx.db.query<{ id: string; code: string; short_description: string | null }>(
    `select id, code, short_description from procedures where lower(code) = any($1::text[]) and status and ${readableBy('$2')} order by code`,
    [codes, company.billing_company_id],
  );
  return r.rows.map((p) => ({
    id: Number(p.id),
    name: `${p.code} - ${p.short_description ?? ''}`.replace(/ - $/, ''),
  }));
}

/** The insurance companies with a fee on a procedure, each with its fee and label. */
export async function procedureInsuranceFees(ctx: LookupContext, actor: Actor, procedureId: number) {
  const p = await storeOf(ctx, actor, 'procedure').get(procedureId);
  const fees =
    (p.insurance_fees as Array<{ insurance_company_id: number; fee: number; label?: string }> | undefined) ?? [];
  if (!fees.length) return [];
  const r = await ctx.db.query<{ id: string; payer_id: string; name: string }>(
    'select id, payer_id, name from insurance_companies where id = any($1::bigint[])',
    [fees.map((f) => f.insurance_company_id)],
  );
  const byId = new Map(r.rows.map((x) => [Number(x.id), `${x.payer_id} - ${x.name}`]));
  return fees.map((f) => ({
    id: f.insurance_company_id,
    name: byId.get(f.insurance_company_id) ?? String(f.insurance_company_id),
    fee: f.fee,
    label: f.label ?? null,
  }));
}

/** NUCC taxonomy codes matching a code or name, at most 50. */
export async function taxonomyChoices(db: Queryable, query: unknown) {
  const q = String(query ?? '')
    .trim()
    .toLowerCase();
  const r = await db.query<{ code: string; display_name: string }>(
    `select code, display_name from taxonomies where $1 = '' or lower(code) like $2 or lower(display_name) like $3 order by code limit 50`,
    [q, `${q}%`, `%${q}%`],
  );
  return r.rows.map((t) => ({ id: t.code, name: `${t.code} - ${t.display_name}` }));
}

/** The labels used on procedures' insurance fees, as [{id, name}]. */
export async function insuranceFeeLabels(db: Queryable, actor: Actor) {
  const params: unknown[] = [];
  const r = await db.query<{ label: string }>(
    `select distinct f->>'label' as label from procedures, jsonb_array_elements(coalesce(insurance_fees, '[]'::jsonb)) f
        where f->>'label' is not null and ${readableByActor(actor, params)} order by 1 limit 200`,
    params,
  );
  return r.rows.map((x, i) => ({ id: i + 1, name: x.label }));
}

/** Adds procedures to a company's services; a code already there is kept as it is. */
export async function addProceduresToCompany(
  ctx: LookupContext,
  actor: Actor,
  change: { companyId: number; codes: unknown; locale: 'en' | 'es' },
) {
  const { codes } = change;
  if (!Array.isArray(codes) || !codes.every((c) => typeof c === 'string'))
    throw invalid({ codes: [problem('codes_field_list_procedure_codes')] });
  // One look-up for all the codes, not one per code.
  const companies = storeOf(ctx, actor, 'company');
  const company = await companies.get(change.companyId);
  const found = await ctx.db.query<{ code: string }>(
    `select lower(code) as code from procedures where lower(code) = any($1::text[]) and ${readableBy('$2')}`,
    [codes.map((c) => c.toLowerCase()), company.billing_company_id],
  );
  if (codes.some((c) => !found.rows.some((r) => r.code === c.toLowerCase())))
    throw notFound('procedure_code_not_found');
  const have = (company.services as Array<{ procedure_code: string }> | undefined) ?? [];
  const services = [
    ...have,
    ...codes
      .filter((c) => !have.some((h) => h.procedure_code.toUpperCase() === c.toUpperCase()))
      .map((c) => ({ procedure_code: c.toUpperCase() })),
  ];
  return companies.update(
    company.id,
    { services },
    { check: entityWriter(entityOf(ctx, 'company')).merged({ services }, change.locale) },
  );
}

/** The procedures of a company's services with code and name. */
export async function companyProcedures(ctx: LookupContext, actor: Actor, companyId: number) {
  const company = await storeOf(ctx, actor, 'company').get(companyId);
  const codes = ((company.services as Array<{ procedure_code: string }> | undefined) ?? []).map((s) =>
    s.procedure_code.toLowerCase(),
  );
  if (!codes.length) return [];
  const r = await ctx.db.query<{ id: string; code: string; short_description: string | null }>(
    `select id, code, short_description from procedures where lower(code) = any($1::text[]) and ${readableBy('$2')} order by code`,
    [codes, company.billing_company_id],
  );
  return r.rows.map((p) => ({
    id: Number(p.id),
    code: p.code,
    name: `${p.code} - ${p.short_description ?? ''}`.trim(),
  }));
}
