import { priceClaimLines } from '../contracts/contract-pricing.ts';
import { storeOf } from '../resources/store-of.ts';
import { systemActor } from '../security/actor.ts';
import { CLAIM_STATUS, CONTRACT_BASIS, INSURANCE_TYPE } from '../../src/generated/ids.ts';
import { importFeeSchedule } from '../contracts/fee-schedule-import.ts';
import type { Actor } from '../security/actor.ts';
import { ALLOWED_BP } from './demo-remittances.ts';
import type { DemoContext } from './demo-era-intake.ts';

/** Claims priced in one statement at a time: a large demo's claims in a few statements, none too long. */
const PRICE_CHUNK = 5000;

/** "7800" basis points as the contract's percentage text: "78" (or "78.5"). */
const percentOf = (bp: number) =>
  bp % 100 ? `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}` : String(bp / 100);

/**
 * Each demo clinic's contracts with the payers its claims are billed to, made through the contract store (audited):
 * a share of billed charges by the payer's kind, the same shares the demo's payers allow, so most lines are paid as
 * contracted and the payers' short payments stand out in the underpayment worklist. Then every claim the demo entered
 * verified is priced as verification prices a claim. Answers how many contracts were made.
 */
export async function loadDemoContracts(ctx: DemoContext): Promise<number> {
  const pairs = (
    await ctx.db.query<{
      billing_company_id: string;
      company_id: string;
      company: string;
      insurance_company_id: string;
      payer: string;
      ins_type_id: number | null;
      since: string;
    }>(
      `select c.billing_company_id, c.company_id, co.name as company, p.insurance_company_id, i.name as payer, i.ins_type_id,
              to_char(date_trunc('year', min(c.date_of_service)), 'MM/DD/YYYY') as since
         from claims c join insurance_policies p on p.id = (c.insurance_policy_ids ->> 0)::bigint
         join insurance_companies i on i.id = p.insurance_company_id join companies co on co.id = c.company_id
        group by c.billing_company_id, c.company_id, co.name, p.insurance_company_id, i.name, i.ins_type_id
        order by c.billing_company_id, c.company_id, p.insurance_company_id`,
    )
  ).rows;
  for (const p of pairs) {
    const bc = Number(p.billing_company_id);
    const bp = ALLOWED_BP[p.ins_type_id ?? 1] ?? 7500;
    const actor = systemActor(bc, 'demo-contracts');
    const contract = await storeOf(ctx, actor, 'contract').create({
      billing_company_id: bc,
      name: `${p.payer} — ${p.company}`,
      company_id: Number(p.company_id),
      insurance_company_id: Number(p.insurance_company_id),
      basis_id: CONTRACT_BASIS.PERCENT_OF_CHARGES,
      percentage: percentOf(bp),
      start_date: p.since,
      terms: `Article 3.1 (Compensation): Payer shall reimburse Provider for Covered Services at ${percentOf(bp)}% of Provider's billed charges, less applicable member cost sharing. Article 7.4: Payer shall pay clean claims within 30 days of receipt.`,
    });
    // A commercial payer's contract has its Exhibit B: the clinic's office procedures at fixed amounts (carve-outs of
    // the share), taken in from a spreadsheet through the product's own fee schedule import.
    if (p.ins_type_id === INSURANCE_TYPE.COMMERCIAL_INSURANCE)
      await importExhibit(ctx, actor, Number(contract.id), Number(p.company_id), Number(p.insurance_company_id), bp);
  }
  const claims = (
    await ctx.db.query<{ id: string }>(
      `select id from claims where status_id <> ${CLAIM_STATUS.DRAFT} and verified and not self_pay order by id`,
    )
  ).rows.map((r) => Number(r.id));
  for (let i = 0; i < claims.length; i += PRICE_CHUNK)
    await ctx.db.transaction((tx) => priceClaimLines(tx, claims.slice(i, i + PRICE_CHUNK)));
  return pairs.length;
}

/**
 * A contract's Exhibit B as a payer sends it, a CSV of the procedures the clinic bills the payer at one unit price each,
 * each at the contract's share of that price (so the demo's payers, who allow the share of the charge, pay it to the
 * cent), stored as a fee-schedule file and imported through the product's import.
 */
async function importExhibit(
  ctx: DemoContext,
  actor: Actor,
  contractId: number,
  company: number,
  payer: number,
  bp: number,
) {
  const prices = (
    await ctx.db.query<{ code: string; price: string }>(
      `select cs.procedure_code as code, min(cs.price) as price
         from claims c join insurance_policies p on p.id = (c.insurance_policy_ids ->> 0)::bigint
         join claim_services cs on cs.billing_company_id = c.billing_company_id and cs.claim_id = c.id
        where c.company_id = $1 and p.insurance_company_id = $2 and cs.procedure_code is not null
        group by cs.procedure_code having count(distinct cs.price) = 1 order by cs.procedure_code`,
      [company, payer],
    )
  ).rows;
  if (!prices.length) return;
  const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const csv = ['CPT/HCPCS,Modifier,POS,Allowed amount,Units basis']
    .concat(prices.map((r) => `${r.code},,,${dollars(Math.round((Number(r.price) * bp) / 10000))},per unit`))
    .join('\n');
  const file = await ctx.files.save(actor, {
    kind: 'fee-schedule',
    name: `exhibit-b-${contractId}.csv`,
    billingCompanyId: actor.billingCompanyIds[0],
    source: Buffer.from(csv),
  });
  await importFeeSchedule(ctx, actor, contractId, file.id);
}
