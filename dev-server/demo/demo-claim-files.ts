import { asOf } from '../db/as-of.ts';
import { receiveFile } from '../exchange/receive-file.ts';
import { claimsFor837 } from '../claims/claim-837-export.ts';
import { importClaimFile } from '../claim-intake/claim-file-intake.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import type { Claim837P } from '../../src/domain/x12/claim-837-model.ts';
import { isoDayOf } from '../../src/domain/formats.ts';
import { x12UsageIndicator } from '../x12/x12-settings.ts';
import { CLAIM_FORMAT } from '../../src/generated/ids.ts';
import type { DemoContext } from './demo-era-intake.ts';
import { demoSenders } from './demo-submissions.ts';

const DAY = 86_400_000;

/** A visit of the practice's week: one of its patients' earlier claims, seen again on a day of this week. */
const visit = (c: Claim837P, n: number, day: Date): Claim837P => ({
  ...c,
  patientControlNumber: `V${String(day.getUTCDate()).padStart(2, '0')}${String(n).padStart(3, '0')}`,
  frequency: '1',
  lines: c.lines.map((l) => ({ ...l, dateOfService: isoDayOf(day) })),
});

/**
 * A week of a client practice's visits, as its practice-management system writes them: its patients seen again, one
 * visit with a code the billing company's code list lacks (imported as a draft to fix), and one billed to a payer the
 * billing company has not set up (it waits).
 */
function practiceWeek(base: Claim837P[], today: Date): Claim837P[] {
  const week = base.map((c, n) => visit(c, n + 1, new Date(today.getTime() - (1 + (n % 5)) * DAY)));
  const model = week[0];
  const unlistedVisit = visit(week[1] ?? model, week.length + 1, new Date(today.getTime() - 3 * DAY));
  const unlisted: Claim837P = {
    ...unlistedVisit,
    lines: [{ ...unlistedVisit.lines[0], procedure: '99429', modifiers: [] }],
  };
  unlisted.totalCharge = unlisted.lines.reduce((a, l) => a + l.charge, 0);
  const unknownPayer: Claim837P = {
    ...visit(week[2] ?? model, week.length + 2, new Date(today.getTime() - 4 * DAY)),
    payer: { name: 'GULF COAST WORKERS TRUST', payerId: 'GCWT1' },
  };
  return [...week, unlisted, unknownPayer];
}

/**
 * Each demo billing company's client practice sends its week of visits as an 837P: dropped in the clearing-house
 * account's inbound folder yesterday, taken in by the poll as a claim file, and imported this morning by the billing
 * company (claims ready to batch, one draft to fix, one waiting for its payer); this morning's file has just arrived
 * and waits to be looked at. Through the product's own paths: receiveFile and importClaimFile. Answers the claims
 * imported.
 */
export async function loadDemoClaimFiles(ctx: DemoContext, today = new Date()): Promise<number> {
  let imported = 0;
  for (const sender of await demoSenders(ctx)) {
    const bc = sender.billingCompanyId;
    // The practice is the demo company's clinic with the most professional claims; its patients' latest claims.
    const latest = (
      await ctx.db.query<{ id: string }>(
        `select distinct on (patient_id) id from claims
          where billing_company_id = $1 and format_id = ${CLAIM_FORMAT.PROFESSIONAL} and not coalesce(self_pay, false)
            and company_id = (select company_id from claims where billing_company_id = $1 and format_id = ${CLAIM_FORMAT.PROFESSIONAL}
                               group by company_id order by count(*) desc, company_id limit 1)
          order by patient_id, date_of_service desc, id desc limit 14`,
        [bc],
      )
    ).rows.map((x) => Number(x.id));
    if (latest.length < 6) continue;
    const { professional } = await claimsFor837(ctx.db, bc, latest);
    const base = professional.map(({ id: _id, ...c }) => c as Claim837P);
    const files = [
      { claims: practiceWeek(base.slice(0, 10), today), at: new Date(today.getTime() - DAY), control: 1 },
      { claims: base.slice(10, 14).map((c, n) => visit(c, 900 + n, today)), at: today, control: 2 },
    ];
    for (const f of files) {
      if (!f.claims.length) continue;
      const text = write837P({
        submitter: { name: 'PRACTICE PM SYSTEM', id: `PM${bc}`, contactName: 'FRONT DESK', phone: '3055550199' },
        receiver: { name: sender.parties.submitter.name, id: sender.submitterId },
        interchange: {
          senderId: `PM${bc}`,
          receiverId: sender.submitterId,
          control: 700_000 + bc * 10 + f.control,
          usage: x12UsageIndicator(),
          date: f.at,
        },
        claims: f.claims,
      });
      await receiveFile({ ...ctx, db: asOf(ctx.db, f.at) }, sender.actor, {
        billingCompanyId: bc,
        accountId: sender.accountId,
        name: `practice-visits-${isoDayOf(f.at)}.837`,
        bytes: Buffer.from(text, 'latin1'),
      });
    }
    // Yesterday's file is imported this morning; today's waits for a person.
    const first = await ctx.db.query<{ id: string }>(
      `select id from claim_files where billing_company_id = $1 order by id limit 1`,
      [bc],
    );
    if (!first.rows[0]) continue;
    const done = await importClaimFile(
      { ...ctx, db: asOf(ctx.db, today) },
      sender.actor,
      Number(first.rows[0].id),
      'en',
    );
    imported += done.imported + done.drafts;
  }
  return imported;
}
