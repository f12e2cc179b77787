import { asOf } from '../db/as-of.ts';
import type { Queryable } from '../db/database.ts';
import { receiveFile } from '../exchange/receive-file.ts';
import { askEligibility } from '../eligibility/eligibility-ask.ts';
import { claimAsks, upcomingAsks } from '../eligibility/eligibility-sources.ts';
import type { PolicyAsk } from '../eligibility/eligibility-questions.ts';
import { write271, type EligibilityReply } from '../../src/domain/x12/eligibility-271-writer.ts';
import { isoDayOf, type IsoDate } from '../../src/domain/formats.ts';
import { ADMISSION_STATUS, CLAIM_STATUS } from '../../src/generated/ids.ts';
import type { DemoContext } from './demo-era-intake.ts';
import { demoSenders } from './demo-submissions.ts';
import type { seeded } from './demo-rows.ts';
import { x12UsageIndicator } from '../x12/x12-settings.ts';

const HOUR = 3_600_000;

/** A round amount of cents between lo and hi dollars, in steps of $50. */
const dollars = (r: ReturnType<typeof seeded>, lo: number, hi: number) => r.int(lo / 50, hi / 50) * 5000;
/** What remains of an amount of cents (part of it met), in the same $50 steps: never more than the whole. */
const remainingOf = (r: ReturnType<typeof seeded>, cents: number) => r.int(0, cents / 5000) * 5000;

/**
 * How a payer answers one demo question: most coverages active, with the plan's deductible (part of it met), its
 * out-of-pocket, the office copay and coinsurance; some ended (the patient changed jobs); a few members the payer
 * cannot find or whose id it refuses, as real payers answer. A patient in a room or waiting for the stay's bill is
 * `covered`: the hospital verified the coverage when it admitted them, so the demo's stays can be billed.
 */
export function demoReply(
  r: ReturnType<typeof seeded>,
  year: number,
  covered: boolean,
): Omit<EligibilityReply, 'inquiry'> {
  const drawn = r.next();
  const roll = covered ? Math.max(drawn, 0.09) : drawn;
  if (roll < 0.03) return { rejection: { code: r.pick(['72', '75']), followUp: 'C' } };
  const plan = {
    begin: `${year}-01-01` as IsoDate,
    end: `${year}-12-31` as IsoDate,
    groupNumber: `G${r.int(10000, 99999)}`,
  };
  if (roll < 0.09)
    return {
      plan: { ...plan, end: `${year - 1}-12-31` as IsoDate },
      benefits: [{ code: '6', coverageLevel: 'IND', serviceTypes: ['30'] }],
    };
  const deductible = dollars(r, 500, 3000);
  const outOfPocket = dollars(r, 3000, 8000);
  return {
    plan,
    benefits: [
      {
        code: '1',
        coverageLevel: 'IND',
        serviceTypes: ['30'],
        planDescription: r.pick(['GOLD PPO', 'SILVER HMO', 'CHOICE EPO']),
      },
      { code: 'C', coverageLevel: 'IND', serviceTypes: ['30'], period: '23', amount: deductible, inNetwork: true },
      {
        code: 'C',
        coverageLevel: 'IND',
        serviceTypes: ['30'],
        period: '29',
        amount: remainingOf(r, deductible),
        inNetwork: true,
      },
      { code: 'G', coverageLevel: 'IND', serviceTypes: ['30'], period: '23', amount: outOfPocket, inNetwork: true },
      {
        code: 'G',
        coverageLevel: 'IND',
        serviceTypes: ['30'],
        period: '29',
        amount: remainingOf(r, outOfPocket),
        inNetwork: true,
      },
      {
        code: 'B',
        coverageLevel: 'IND',
        serviceTypes: ['98'],
        period: '27',
        amount: r.pick([1500, 2000, 2500, 3000, 4000]),
        inNetwork: true,
      },
      { code: 'A', coverageLevel: 'IND', serviceTypes: ['98'], percent: r.pick([1000, 2000, 3000]), inNetwork: true },
    ],
  };
}

/** The member ids of a billing company's patients in a room or waiting for their stay's bill (demoReply's `covered`). */
export async function membersStaying(db: Queryable, bc: number): Promise<Set<string>> {
  const r = await db.query<{ policy_number: string }>(
    `select p.policy_number from admissions a
       join insurance_policies p on p.patient_id = a.patient_id and p.billing_company_id = a.billing_company_id
      where a.billing_company_id = $1 and a.status_id = any($2::int[])`,
    [bc, [ADMISSION_STATUS.ADMITTED, ADMISSION_STATUS.DISCHARGED]],
  );
  return new Set(r.rows.map((p) => p.policy_number));
}

/**
 * This morning's eligibility run of each demo billing company, through the product's own path: the policies of the
 * claims not yet sent, of the visits of the last two weeks and of the patients admitted or due in the next week, asked
 * in one 270 through the clearing house account's folder; the clearing house's 271 taken in an hour later like any
 * file it sends. Answers how many checks were answered.
 */
export async function loadDemoEligibility(ctx: DemoContext, today = new Date()): Promise<number> {
  let answered = 0;
  const asked = asOf(ctx.db, new Date(today.getTime() - 3 * HOUR));
  const back = asOf(ctx.db, new Date(today.getTime() - 2 * HOUR));
  for (const sender of await demoSenders(ctx)) {
    const bc = sender.billingCompanyId;
    const recent = (
      await ctx.db.query<{ id: string }>(
        `select id from claims where billing_company_id = $1
            and (status_id = any($2::int[]) or date_of_service >= $3::date - 14) order by id`,
        [bc, [CLAIM_STATUS.DRAFT, CLAIM_STATUS.NOT_SUBMITTED], isoDayOf(today)],
      )
    ).rows.map((x) => Number(x.id));
    const byPolicy = new Map<number, PolicyAsk>();
    for (const a of [
      ...(await upcomingAsks(ctx.db, bc, 7, today)),
      ...(await claimAsks(ctx.db, bc, recent, today)).asks,
    ])
      byPolicy.set(a.policyId, a);
    if (!byPolicy.size) continue;
    const outcome = await askEligibility({ ...ctx, db: asked }, sender.actor, bc, [...byPolicy.values()], {
      accountId: sender.accountId,
    });
    if (!outcome.questions.length) continue;
    const year = today.getUTCFullYear();
    const staying = await membersStaying(ctx.db, bc);
    const text = write271(
      outcome.questions.map((inquiry) => ({
        inquiry,
        ...demoReply(sender.r, year, staying.has(inquiry.subscriber.memberId ?? '')),
      })),
      {
        sender: sender.parties.house.id,
        receiver: sender.submitterId,
        control: 800_000 + bc,
        at: new Date(today.getTime() - 2 * HOUR),
        usage: x12UsageIndicator(),
      },
      `ELG-${isoDayOf(today)}`,
    );
    const got = await receiveFile({ ...ctx, db: back }, sender.actor, {
      billingCompanyId: bc,
      accountId: sender.accountId,
      name: `${sender.submitterId}-${isoDayOf(today)}.271`,
      bytes: Buffer.from(text, 'latin1'),
    });
    answered += got.eligibility;
  }
  return answered;
}
