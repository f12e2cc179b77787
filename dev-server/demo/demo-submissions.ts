import { systemActor } from '../auth/actor.ts';
import { BatchService } from '../batches/batch-service.ts';
import { asOf } from '../db/as-of.ts';
import { receiveFile } from '../exchange/receive-file.ts';
import { write277CA, write999, type AckParties, type ProviderAnswers } from '../../src/domain/x12/acknowledgment-writer.ts';
import type { DemoFates } from './demo-claims.ts';
import type { DemoContext } from './demo-era-intake.ts';
import { seeded } from './demo-rows.ts';
import { isoDayOf, isoToUsDate, type IsoDate } from '../../src/domain/formats.ts';

const DAY = 86_400_000;
const REJECTED = 5;
// Why clearing houses reject claims most (277CA category, status and entity): the member id, the
// subscriber's birth date, the rendering provider's NPI, the subscriber not found, a diagnosis code.
const REJECTIONS = ['A7:164:IL', 'A7:158:IL', 'A7:562:82', 'A3:33:IL', 'A7:255'];

interface BoundClaim {
  id: number; company_id: number; format_id: number; dos: IsoDate; last_service: IsoDate; patient_control_number: string; billed_amount: number;
  first_name: string; last_name: string; member_id: string; clinic: string; npi: string; tax_id: string | null;
}

/** 5 pm (UTC) of a day plus some days. */
const dayAfter = (iso: string, days: number) => Date.parse(`${iso}T17:00:00Z`) + days * DAY;
const isoOf = (ms: number) => isoDayOf(new Date(ms));

/**
 * The demo's claims bound for payers, sent the way a billing company sends them: each clinic's claims of
 * one form gathered twice a month into a batch and sent as an 837 through its clearing-house account on
 * that day (the product's own batch send, as of that day); the next day the clearing house answers with
 * a 999 accepting the file and a 277CA accepting each claim, or rejecting it with the codes clearing
 * houses use most (the claims whose fate is Rejected). Answers the number of batches sent.
 */
export async function sendDemoClaims(ctx: DemoContext, fates: DemoFates, today = new Date()): Promise<number> {
  const bound = Object.entries(fates).flatMap(([status, ids]) => ids.map((id) => [id, Number(status)] as const));
  const fateOf = new Map(bound);
  // The latest a claim goes out: half an hour ago (a claim verified an hour ago goes in today's batch).
  const lastMoment = today.getTime() - 30 * 60_000;
  let sent = 0;
  const bcs = (await ctx.db.query<{ id: number; name: string; account_id: number; submitter_id: string; receiver_id: string | null; house: string }>(
    `select b.id, b.name, a.id as account_id, a.submitter_id, a.receiver_id, h.name as house
       from billing_companies b join lateral (select * from clearing_house_accounts a where a.billing_company_id = b.id order by a.id limit 1) a on true
       join clearing_houses h on h.id = a.clearing_house_id order by b.id`)).rows;
  for (const bc of bcs) {
    const r = seeded(4100 + Number(bc.id));
    const actor = systemActor(Number(bc.id), 'demo-history');
    const claims = (await ctx.db.query<BoundClaim>(
      `select c.id, c.company_id, c.format_id, c.date_of_service::text as dos, s.last_service::text as last_service, c.patient_control_number, c.billed_amount,
              pt.first_name, pt.last_name, p.policy_number as member_id, co.name as clinic, co.npi, coalesce(co.tax_id, co.ein) as tax_id
         from claims c join patients pt on pt.id = c.patient_id join companies co on co.id = c.company_id
         join insurance_policies p on p.id = (c.insurance_policy_ids->>0)::bigint
         join lateral (select max(to_service) as last_service from claim_services x where x.claim_id = c.id) s on true
        where c.billing_company_id = $1 and c.id = any($2::bigint[]) and c.status_id = 2 order by c.date_of_service, c.id`,
      [bc.id, bound.map(([id]) => id)])).rows.map((c) => ({ ...c, id: Number(c.id), company_id: Number(c.company_id), format_id: Number(c.format_id), billed_amount: Number(c.billed_amount) }));
    // A claim is ready to go about a week after its service (coded and verified); it goes with its clinic's next batch of its form: the 15th or the month's end.
    const batches = new Map<string, { at: number; claims: BoundClaim[] }>();
    for (const c of claims) {
      const ready = Math.min(dayAfter(c.dos, 9), lastMoment);
      const d = new Date(ready);
      const end = d.getUTCDate() <= 15 ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 15, 17) : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0, 17);
      const key = `${c.company_id}:${c.format_id}:${isoOf(end)}`;
      const batch = batches.get(key) ?? { at: Math.max(ready, Math.min(end, lastMoment)), claims: [] };
      batch.claims.push(c);
      batches.set(key, batch);
    }
    const parties: AckParties = { house: { name: bc.house.toUpperCase(), id: bc.receiver_id ?? bc.submitter_id }, submitter: { name: bc.name.toUpperCase(), id: bc.submitter_id } };
    for (const { at, claims: group } of [...batches.values()].sort((a, b) => a.at - b.at)) {
      const when = asOf(ctx.db, new Date(at));
      const service = new BatchService({ ...ctx, db: when }, actor);
      const form = group[0].format_id === 1 ? 'professional' : 'institutional';
      const batch = await service.save({
        name: `${group[0].clinic.slice(0, 22).trim()} ${form === 'professional' ? 'CMS-1500' : 'UB-04'} ${isoToUsDate(isoOf(at))}`, company_id: group[0].company_id, transmission: 'E', clearing_house_account_id: bc.account_id,
        claim_ids: group.map((c) => c.id),
      }, { locale: 'en' });
      const done = await service.submit(batch.id);
      sent++;
      // The clearing house answers the next morning: the file accepted (999), then each claim (277CA).
      const answered = Math.min(at + 16 * 3_600_000, Math.max(at + 60_000, today.getTime() - 60_000));
      const on = isoOf(answered);
      const control = Number(done.control_number);
      const version = form === 'professional' ? '005010X222A1' : '005010X223A2';
      const providers = new Map<number, ProviderAnswers>();
      for (const c of group) {
        const provider = providers.get(c.company_id) ?? { name: c.clinic.toUpperCase().slice(0, 60), npi: c.npi, taxId: c.tax_id ?? '', claims: [] };
        provider.claims.push({
          patientControlNumber: c.patient_control_number, charge: c.billed_amount, serviceFrom: c.dos, serviceTo: c.last_service,
          patient: { lastName: c.last_name.toUpperCase(), firstName: c.first_name.toUpperCase(), memberId: c.member_id },
          status: fateOf.get(c.id) === REJECTED ? r.pick(REJECTIONS) : 'A2:20', payerClaimNumber: `${c.id}`.padStart(12, '0'),
        });
        providers.set(c.company_id, provider);
      }
      const answer = { ...ctx, db: asOf(ctx.db, new Date(answered)) };
      const files = [
        [`${bc.submitter_id}-${control}.999`, write999({ ...parties, control: control + 500_000, on, answers: { groupControl: control, version, transactions: 1 } })],
        [`${bc.submitter_id}-${control}.277`, write277CA({ ...parties, control: control + 600_000, on, received: isoOf(at), batchReference: String(done.code), providers: [...providers.values()] })],
      ];
      for (const [name, text] of files) await receiveFile(answer, actor, { billingCompanyId: Number(bc.id), accountId: bc.account_id, name, bytes: Buffer.from(text, 'latin1') });
    }
  }
  return sent;
}
