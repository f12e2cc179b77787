import type { ApiContext } from '../api-context.ts';
import type { Actor } from '../security/actor.ts';
import type { Locale } from '../i18n/locale.ts';
import { invalid, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateOf, usDateToIso } from '../../src/domain/formats.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { fillAppeal } from '../../src/domain/denials/appeal-letter.ts';
import { UNDERPAYMENT_APPEAL, type UnderpaymentFacts } from '../../src/domain/contracts/underpayment-letter.ts';
import { adjustmentForPayer } from '../../src/domain/x12/code-meanings.ts';
import { VARIANCE_STATUS } from '../../src/generated/ids.ts';
import { payerClaimNumbers } from '../denials/payer-claim-numbers.ts';
import { storeOf } from '../resources/store-of.ts';
import { bulkEach } from '../http/bulk-each.ts';
import { providerTaxIdSql } from '../master-data/provider-tax-id.ts';

type Context = Pick<ApiContext, 'db' | 'entities'>;

/**
 * The appeal letter of an underpaid line: the payer's remittance (allowed, paid, its adjustment reasons in words) beside
 * the contract's expected amount and its own terms quoted, in the reader's language.
 */
export async function underpaymentLetter(ctx: Context, actor: Actor, id: number, locale: 'en' | 'es') {
  const v = await storeOf(ctx, actor, 'underpayment').get(id);
  const f = (
    await ctx.db.query<Record<string, string | null>>(
      `select b.name as billing_company, i.name as payer, co.name as provider, co.npi as provider_npi,
              ${providerTaxIdSql('co')} as provider_tax_id, pt.first_name || ' ' || pt.last_name as patient,
              p.policy_number as member_id, k.name as contract, k.terms,
              to_char(k.start_date, 'MM/DD/YYYY') as starts, to_char(k.end_date, 'MM/DD/YYYY') as ends,
              coalesce(y.reference, '') || ' ' || to_char(y.payment_date, 'MM/DD/YYYY') as payment,
              ps.adjustments::text as adjustments
         from underpayments u
         join claims c on c.id = u.claim_id
         join billing_companies b on b.id = u.billing_company_id
         join patients pt on pt.id = c.patient_id
         left join companies co on co.id = c.company_id
         left join insurance_companies i on i.id = u.insurance_company_id
         left join insurance_policies p on p.id = (c.insurance_policy_ids ->> 0)::bigint
         left join contracts k on k.id = u.contract_id
         left join payments y on y.id = u.payment_id
         left join payment_services ps on ps.id = u.payment_service_id
        where u.id = $1`,
      [id],
    )
  ).rows[0];
  const adjustments = (
    JSON.parse(f.adjustments ?? '[]') as Array<{ group: string; reason: string; amount: number }>
  ).map((a) => `- ${adjustmentForPayer(a.group, a.reason)}: ${formatCents(Number(a.amount), 'us', true)}`);
  const money = (cents: unknown) => formatCents(Number(cents ?? 0), 'us', true);
  const facts: UnderpaymentFacts = {
    today: usDateOf(),
    billing_company: f.billing_company ?? '',
    payer: f.payer ?? '',
    provider: f.provider ?? '',
    provider_npi: f.provider_npi ?? '',
    provider_tax_id: f.provider_tax_id ?? '',
    patient: f.patient ?? '',
    member_id: f.member_id ?? '',
    claim: String(v.claim_code ?? ''),
    payer_claim_number: (await payerClaimNumbers(ctx.db, Number(v.claim_id)))[0] ?? '',
    date_of_service: String(v.date_of_service ?? ''),
    procedure: String(v.procedure_code ?? ''),
    contract: f.contract ?? '',
    contract_dates: `${f.starts ?? ''} - ${f.ends ?? (locale === 'es' ? 'vigente' : 'open')}`,
    contract_terms: f.terms?.trim() || '-',
    expected: money(v.expected),
    allowed: money(v.allowed),
    paid: money(v.paid),
    difference: money(v.variance),
    adjustments: adjustments.join('\n') || '-',
    payment: f.payment?.trim() ?? '',
  };
  return {
    code: `${String(v.claim_code)}-${String(v.procedure_code)}`,
    text: fillAppeal(UNDERPAYMENT_APPEAL[locale], facts),
  };
}

const STATUSES: number[] = Object.values(VARIANCE_STATUS);

/**
 * Changes many variances of the worklist at once (status, who works them, when to follow up), each in its own
 * transaction through the generic store (tenant, audit); how many changed and why each other did not.
 */
export async function bulkChangeUnderpayments(
  ctx: Context,
  actor: Actor,
  body: Record<string, unknown>,
  locale: Locale,
) {
  const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
  if (!ids.length || ids.length > 500 || ids.some((x) => !Number.isSafeInteger(x) || x < 1))
    throw invalid({ ids: [problem('variance_ids_most_500')] });
  const set: Record<string, unknown> = {};
  const errors: Record<string, FieldProblem[]> = {};
  if (body.status_id !== undefined) {
    if (STATUSES.includes(Number(body.status_id))) set.status_id = Number(body.status_id);
    else errors.status_id = [problem('underpayment_statuses_bulk')];
  }
  if (body.assigned_user_id !== undefined) {
    const user = Number(body.assigned_user_id);
    if (body.assigned_user_id === null || (Number.isSafeInteger(user) && user > 0))
      set.assigned_user_id = body.assigned_user_id === null ? null : user;
    else errors.assigned_user_id = [problem('field_an_id', { field: 'user' })];
  }
  if (body.follow_up_date !== undefined) {
    if (body.follow_up_date === null || (typeof body.follow_up_date === 'string' && isUsDate(body.follow_up_date)))
      set.follow_up_date = body.follow_up_date === null ? null : usDateToIso(body.follow_up_date as string);
    else errors.follow_up_date = [problem('date_mm_dd_yyyy')];
  }
  if (!Object.keys(set).length && !Object.keys(errors).length) errors._ = [problem('bulk_change_nothing_named')];
  if (Object.keys(errors).length) throw invalid(errors);
  const store = storeOf(ctx, actor, 'underpayment');
  return bulkEach(ids, locale, 'not_found', (id) =>
    ctx.db.transaction(async (tx) => {
      const row = await store.get(id, tx, true);
      if (set.assigned_user_id) {
        const member = await tx.query(
          'select 1 from billing_company_users where billing_company_id = $1 and user_id = $2',
          [row.billing_company_id, set.assigned_user_id],
        );
        if (!member.rows.length) throw invalid({ assigned_user_id: [problem('user_does_not_work_billing_company')] });
      }
      await store.applyUpdate(tx, row, set, 'updated');
    }),
  );
}
