import { systemActor } from '../security/actor.ts';
import { BatchService } from '../batches/batch-service.ts';
import { asOf } from '../db/as-of.ts';
import { receiveFile } from '../exchange/receive-file.ts';
import {
  write277CA,
  write999,
  type AckParties,
  type ProviderAnswers,
} from '../../src/domain/x12/acknowledgment-writer.ts';
import { fateMap, type DemoFates } from './demo-claims.ts';
import type { DemoContext } from './demo-era-intake.ts';
import { seeded } from './demo-rows.ts';
import { isoDayOf, isoToUsDate, type IsoDate } from '../../src/domain/formats.ts';
import { CLAIM_FORMAT, CLAIM_STATUS } from '../../src/generated/ids.ts';
import { providerTaxIdSql } from '../master-data/provider-tax-id.ts';
import { x12UsageIndicator } from '../x12/x12-settings.ts';

const DAY = 86_400_000;
// Why clearing houses reject claims most (277CA category, status and entity): the member id, the
// subscriber's birth date, the rendering provider's NPI, the subscriber not found, a diagnosis code.
const REJECTIONS = ['A7:164:IL', 'A7:158:IL', 'A7:562:82', 'A3:33:IL', 'A7:255'];

interface BoundClaim {
  id: number;
  company_id: number;
  format_id: number;
  dos: IsoDate;
  last_service: IsoDate;
  patient_control_number: string;
  billed_amount: number;
  first_name: string;
  last_name: string;
  member_id: string;
  clinic: string;
  npi: string;
  tax_id: string | null;
}

/** 5 pm (UTC) of a day plus some days. */
const dayAfter = (iso: string, days: number) => Date.parse(`${iso}T17:00:00Z`) + days * DAY;
const isoOf = (ms: number) => isoDayOf(new Date(ms));

/** A billing company as the demo sends for it: its clearing-house account and how the clearing house answers it. */
export interface DemoSender {
  billingCompanyId: number;
  accountId: number;
  submitterId: string;
  parties: AckParties;
  actor: ReturnType<typeof systemActor>;
  r: ReturnType<typeof seeded>;
}

/**
 * When the claims go out and together with which: each clinic's claims of one form gathered twice a month
 * (the 15th and the month's end, at 5 pm, from the moment each is ready) into one batch, in the order they
 * are sent. The latest a claim goes out is half an hour before `today` (a claim verified an hour ago goes in
 * today's batch), and never on or before the day of its service: a claim served yesterday and ready now
 * waits for tomorrow's work when `today` is a few minutes past midnight.
 */
export function planBatches<C extends { id: number; company_id: number; format_id: number; dos: IsoDate }>(
  claims: C[],
  readyAt: Map<number, number>,
  today: Date,
): Array<{ at: number; claims: C[] }> {
  const lastMoment = today.getTime() - 30 * 60_000;
  const batches = new Map<string, { at: number; claims: C[] }>();
  for (const c of claims) {
    const at = Math.min(readyAt.get(c.id)!, lastMoment);
    if (isoOf(at) <= c.dos) continue;
    const d = new Date(at);
    const end =
      d.getUTCDate() <= 15
        ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 15, 17)
        : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0, 17);
    const key = `${c.company_id}:${c.format_id}:${isoOf(end)}`;
    const batch = batches.get(key) ?? { at: 0, claims: [] };
    batch.at = Math.max(batch.at, at, Math.min(end, lastMoment));
    batch.claims.push(c);
    batches.set(key, batch);
  }
  return [...batches.values()].sort((a, b) => a.at - b.at);
}

/** Every billing company's sender (its first clearing-house account). */
export async function demoSenders(ctx: DemoContext): Promise<DemoSender[]> {
  const bcs = (
    await ctx.db.query<{
      id: number;
      name: string;
      account_id: number;
      submitter_id: string;
      receiver_id: string | null;
      house: string;
    }>(
      `select b.id, b.name, a.id as account_id, a.submitter_id, a.receiver_id, h.name as house
       from billing_companies b join lateral (select * from clearing_house_accounts a where a.billing_company_id = b.id order by a.id limit 1) a on true
       join clearing_houses h on h.id = a.clearing_house_id order by b.id`,
    )
  ).rows;
  return bcs.map((bc) => ({
    billingCompanyId: Number(bc.id),
    accountId: Number(bc.account_id),
    submitterId: bc.submitter_id,
    parties: {
      house: { name: bc.house.toUpperCase(), id: bc.receiver_id ?? bc.submitter_id },
      submitter: { name: bc.name.toUpperCase(), id: bc.submitter_id },
    },
    actor: systemActor(Number(bc.id), 'demo-history'),
    r: seeded(4100 + Number(bc.id)),
  }));
}

/**
 * The demo's claims bound for payers, sent the way a billing company sends them (sendInBatches), each
 * about a week after its service (coded and verified); the clearing house rejects the claims whose fate
 * is Rejected. Answers the number of batches sent.
 */
export async function sendDemoClaims(ctx: DemoContext, fates: DemoFates, today = new Date()): Promise<number> {
  const fateOf = fateMap(fates);
  let sent = 0;
  for (const sender of await demoSenders(ctx)) {
    const claims = (
      await ctx.db.query<{ id: number; dos: IsoDate }>(
        `select id, date_of_service::text as dos from claims where billing_company_id = $1 and id = any($2::bigint[]) and status_id = ${CLAIM_STATUS.NOT_SUBMITTED} order by date_of_service, id`,
        [sender.billingCompanyId, [...fateOf.keys()]],
      )
    ).rows;
    sent += await sendInBatches({
      ctx,
      sender,
      ready: claims.map((c) => ({ id: Number(c.id), ready: dayAfter(c.dos, 9) })),
      rejects: (id) => fateOf.get(id) === CLAIM_STATUS.REJECTED,
      today,
    });
  }
  return sent;
}

/**
 * Claims of one billing company sent as its staff send them: each clinic's claims of one form gathered
 * twice a month (the 15th and the month's end, from the moment each is ready) into a batch and sent as an
 * 837 through the clearing-house account on that day (the product's own batch send, as of that day); the
 * next morning the clearing house answers with a 999 accepting the file and a 277CA accepting each claim
 * (forwarded to the payer it was billed to), or rejecting those `rejects` names with the codes clearing
 * houses use most. Answers the number of batches sent.
 */
export async function sendInBatches({
  ctx,
  sender,
  ready,
  rejects,
  today = new Date(),
}: {
  ctx: DemoContext;
  sender: DemoSender;
  ready: Array<{ id: number; ready: number }>;
  rejects: (id: number) => boolean;
  today?: Date;
}): Promise<number> {
  if (!ready.length) return 0;
  const claims = (
    await ctx.db.query<BoundClaim>(
      `select c.id, c.company_id, c.format_id, c.date_of_service::text as dos, s.last_service::text as last_service, c.patient_control_number, c.billed_amount,
            pt.first_name, pt.last_name, p.policy_number as member_id, co.name as clinic, co.npi, ${providerTaxIdSql('co')} as tax_id
       from claims c join patients pt on pt.id = c.patient_id join companies co on co.id = c.company_id
       join insurance_policies p on p.id = (c.insurance_policy_ids->>(case when c.billed_responsibility = 'S' then 1 else 0 end))::bigint
       join lateral (select max(to_service) as last_service from claim_services x where x.claim_id = c.id) s on true
      where c.billing_company_id = $1 and c.id = any($2::bigint[]) and c.status_id = ${CLAIM_STATUS.NOT_SUBMITTED} order by c.date_of_service, c.id`,
      [sender.billingCompanyId, ready.map((c) => c.id)],
    )
  ).rows.map((c) => ({
    ...c,
    id: Number(c.id),
    company_id: Number(c.company_id),
    format_id: Number(c.format_id),
    billed_amount: Number(c.billed_amount),
  }));
  let sent = 0;
  for (const { at, claims: group } of planBatches(claims, new Map(ready.map((c) => [c.id, c.ready])), today)) {
    const service = new BatchService({ ...ctx, db: asOf(ctx.db, new Date(at)) }, sender.actor);
    const form = group[0].format_id === CLAIM_FORMAT.PROFESSIONAL ? 'professional' : 'institutional';
    const batch = await service.save(
      {
        name: `${group[0].clinic.slice(0, 22).trim()} ${form === 'professional' ? 'CMS-1500' : 'UB-04'} ${isoToUsDate(isoOf(at))}`,
        company_id: group[0].company_id,
        transmission: 'E',
        clearing_house_account_id: sender.accountId,
        claim_ids: group.map((c) => c.id),
      },
      { locale: 'en' },
    );
    const done = await service.submit(batch.id);
    sent++;
    // The clearing house answers the next morning: the file accepted (999), then each claim (277CA).
    const answered = Math.min(at + 16 * 3_600_000, Math.max(at + 60_000, today.getTime() - 60_000));
    const on = isoOf(answered);
    const control = Number(done.control_number);
    const providers = new Map<number, ProviderAnswers>();
    for (const c of group) {
      const provider = providers.get(c.company_id) ?? {
        name: c.clinic.toUpperCase().slice(0, 60),
        npi: c.npi,
        taxId: c.tax_id ?? '',
        claims: [],
      };
      provider.claims.push({
        patientControlNumber: c.patient_control_number,
        charge: c.billed_amount,
        serviceFrom: c.dos,
        serviceTo: c.last_service,
        patient: { lastName: c.last_name.toUpperCase(), firstName: c.first_name.toUpperCase(), memberId: c.member_id },
        status: rejects(c.id) ? sender.r.pick(REJECTIONS) : 'A2:20',
        payerClaimNumber: `${c.id}`.padStart(12, '0'),
      });
      providers.set(c.company_id, provider);
    }
    const answer = { ...ctx, db: asOf(ctx.db, new Date(answered)) };
    const files = [
      [
        `${sender.submitterId}-${control}.999`,
        write999({
          ...sender.parties,
          // The clearing house answers in the usage it was sent: the installation's (T unless X12_USAGE=P).
          usage: x12UsageIndicator(),
          control: control + 500_000,
          on,
          answers: {
            groupControl: control,
            version: form === 'professional' ? '005010X222A1' : '005010X223A2',
            transactions: 1,
          },
        }),
      ],
      [
        `${sender.submitterId}-${control}.277`,
        write277CA({
          ...sender.parties,
          usage: x12UsageIndicator(),
          control: control + 600_000,
          on,
          received: isoOf(at),
          batchReference: String(done.code),
          providers: [...providers.values()],
        }),
      ],
    ];
    for (const [name, text] of files)
      await receiveFile(answer, sender.actor, {
        billingCompanyId: sender.billingCompanyId,
        accountId: sender.accountId,
        name,
        bytes: Buffer.from(text, 'latin1'),
      });
  }
  return sent;
}
