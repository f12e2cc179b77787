import { storeOf } from '../resources/store-of.ts';
import type { Actor } from '../security/actor.ts';
import { type Row } from '../resources/resource-store.ts';
import { usDateOf } from '../../src/domain/formats.ts';
import type { EraContext } from '../payments/era-files.ts';
import { notFound } from '../../src/domain/errors/domain-error.ts';
import { denialWorklist } from './denial-worklist.ts';
import { payerClaimNumbers } from './payer-claim-numbers.ts';
import { fillAppeal, STANDARD_APPEAL } from '../../src/domain/denials/appeal-letter.ts';
import { adjustmentForPayer } from '../../src/domain/x12/code-meanings.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { providerTaxIdSql } from '../master-data/provider-tax-id.ts';

/** A claim as the denial screen shows it, with its denial, payer claim numbers and follow-ups (newest first). */
export async function denialScreen(ctx: EraContext, actor: Actor, claimId: number) {
  const claim = await storeOf(ctx, actor, 'claim').get(claimId);
  const trackings = (
    await ctx.db.query<Row>(
      `select t.*, to_char(t.tracking_date, 'MM/DD/YYYY') as tracking_date, to_char(t.follow_up, 'MM/DD/YYYY') as follow_up from denial_trackings t where t.claim_id = $1 order by t.id desc`,
      [claim.id],
    )
  ).rows;
  return { ...claim, ...(await denialRecord(ctx, actor, Number(claim.id))), trackings };
}

/** An appeal letter's text for a denied claim: the billing company's template (or the standard letter) filled with the claim, the denial codes in plain words and the follow-ups recorded. */
export async function appealLetter(ctx: EraContext, actor: Actor, claimId: number, locale: 'en' | 'es') {
  const claim = await storeOf(ctx, actor, 'claim').get(claimId);
  const facts = (
    await ctx.db.query<Record<string, string | null>>(
      `select b.name as billing_company, b.appeal_template, i.name as payer, p.policy_number as member_id, pt.first_name || ' ' || pt.last_name as patient,
                concat_ws(E'\n', nullif(i.address, ''), nullif(concat_ws(' ', nullif(concat_ws(', ', nullif(i.city, ''), nullif(i.state, '')), ''), nullif(i.zip, '')), '')) as payer_address,
                co.name as provider, co.npi as provider_npi, ${providerTaxIdSql('co')} as provider_tax_id
           from claims c join billing_companies b on b.id = c.billing_company_id join patients pt on pt.id = c.patient_id left join companies co on co.id = c.company_id
           -- The payer the claim was billed to (the secondary once refiled to it), whose denial is appealed.
           left join insurance_policies p on p.id = (c.insurance_policy_ids->>(case c.billed_responsibility when 'T' then 2 when 'S' then 1 else 0 end))::bigint
           left join insurance_companies i on i.id = p.insurance_company_id where c.id = $1`,
      [claim.id],
    )
  ).rows[0];
  const notes = (
    await ctx.db.query<{ line: string }>(
      `select to_char(tracking_date, 'MM/DD/YYYY') || ', ' || interface_type || ' with ' || rep_name || coalesce(' (ref. ' || ref_number || ')', '') || coalesce(': ' || tracking_note, '') as line
           from denial_trackings where claim_id = $1 order by tracking_date, id`,
      [claim.id],
    )
  ).rows.map((r) => `- ${r.line}`);
  // Written to the payer: each code with its reason, never our own notes on who owes it.
  const codes = ((claim.denial_codes as string[] | null) ?? []).map(
    (c) => `- ${adjustmentForPayer(c.split('-')[0], c.split('-')[1] ?? c)}`,
  );
  const text = fillAppeal(facts.appeal_template?.trim() || STANDARD_APPEAL[locale], {
    today: usDateOf(),
    billing_company: facts.billing_company ?? '',
    payer: facts.payer ?? '',
    payer_address: facts.payer_address ?? '',
    patient: facts.patient ?? String(claim.patient_name ?? ''),
    member_id: facts.member_id ?? '',
    claim: String(claim.code),
    payer_claim_number: (await payerClaimNumbers(ctx.db, Number(claim.id)))[0] ?? '',
    date_of_service: String(claim.date_of_service ?? ''),
    billed: formatCents(Number(claim.billed_amount ?? 0)),
    denial_codes: codes.join('\n') || '-',
    tracking_notes: notes.join('\n') || '-',
    provider: facts.provider ?? '',
    provider_npi: facts.provider_npi ?? '',
    provider_tax_id: facts.provider_tax_id ?? '',
  });
  return { code: String(claim.code), text };
}

export const policiesOf = (claim: Record<string, unknown>) =>
  ((claim.insurance_policy_ids as number[] | null) ?? []).map(Number);

/** The denial screen as one record: the worklist's row (payer, codes in words, age) and the payer's claim numbers. */
export async function denialRecord(ctx: EraContext, actor: Actor, id: number) {
  const row = (await denialWorklist(ctx.db, actor, { ids: String(id), itemsPerPage: '1' })).data[0];
  if (!row) throw notFound();
  const numbers = await payerClaimNumbers(ctx.db, id);
  return { ...row, display_name: row.code, insurance_claim_numbers: numbers.join(', '), payer_claim_numbers: numbers };
}

/** The policies a claim was billed to, primary first [{id, name}]: the choices of a follow-up's policy responsible and a refile's policy. */
export async function billedPolicyChoices(ctx: EraContext, claim: Record<string, unknown>) {
  const ids = policiesOf(claim);
  const rows = (
    await ctx.db.query<{ id: string; name: string }>(
      `select p.id, coalesce(i.name, '') || ' · ' || p.policy_number as name from insurance_policies p left join insurance_companies i on i.id = p.insurance_company_id where p.id = any($1::bigint[])`,
      [ids],
    )
  ).rows;
  const order = ['Primary', 'Secondary', 'Tertiary'];
  return ids.flatMap((id, i) =>
    rows.filter((r) => Number(r.id) === id).map((r) => ({ id, name: `${order[i] ?? `#${i + 1}`}: ${r.name}` })),
  );
}
