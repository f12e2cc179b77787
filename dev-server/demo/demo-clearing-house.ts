import { mkdir, readFile, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ClearingHouseConnection } from '../exchange/connection.ts';
import type { Database } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { pollEvery, type AccountToPoll } from '../exchange/poll-scheduler.ts';
import { billingCompanyExchangeRoot, folderConnection, folderUnder } from '../exchange/folder-connection.ts';
import { readInterchanges, type Interchange } from '../../src/domain/x12/interchange-reader.ts';
import type { Separators } from '../../src/domain/x12/separators.ts';
import { read837Of } from '../../src/domain/x12/read-837-of.ts';
import { read270 } from '../../src/domain/x12/eligibility-270-reader.ts';
import { read276 } from '../../src/domain/x12/claim-status-276-reader.ts';
import {
  write999,
  write277CA,
  type AckParties,
  type ProviderAnswers,
} from '../../src/domain/x12/acknowledgment-writer.ts';
import { write271 } from '../../src/domain/x12/eligibility-271-writer.ts';
import { write277 } from '../../src/domain/x12/claim-status-277-writer.ts';
import type { ClaimCommon837 } from '../../src/domain/x12/claim-837-model.ts';
import { isoDayOf, type IsoDate } from '../../src/domain/formats.ts';
import { seeded } from './demo-rows.ts';
import { demoReply, membersStaying } from './demo-eligibility.ts';
import { demoStatus } from './demo-claim-status.ts';

/** Where the demo's clearing house keeps what it took from an account's outbound folder (inside that folder). */
export const TAKEN_FOLDER = 'taken';

interface DemoAccount {
  id: number;
  billing_company_id: number;
  outbound_folder: string;
  inbound_folder: string;
  house: string;
  company: string;
}

/** One answer file: its name in the inbound folder and its text. */
type Answer = [name: string, text: string];

/** A number from a text (a file's name): the dice of its answers are the same however often it is answered. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The service days of an 837 claim: the statement's (institutional), else its lines' first and last. */
function serviceDays(c: ClaimCommon837 & { lines: Array<{ dateOfService?: IsoDate }> }): {
  from: IsoDate;
  to: IsoDate;
} {
  const s = c as { statementFrom?: IsoDate; statementTo?: IsoDate };
  if (s.statementFrom) return { from: s.statementFrom, to: s.statementTo ?? s.statementFrom };
  const days = c.lines
    .map((l) => l.dateOfService)
    .filter((d): d is IsoDate => !!d)
    .sort();
  return { from: days[0], to: days.at(-1) ?? days[0] };
}

/**
 * What the demo's clearing house (and the payers behind it) answer to one file an account put out, in the usage it was
 * sent: an 837 gets a 999 accepting it and a 277CA accepting each claim, forwarded to the payer; a 270 a 271 for each
 * person asked about (the demo payers' coverage); a 276 a 277 for each provider's claims (the demo payers' statuses).
 */
export function answersTo(name: string, text: string, parties: AckParties, staying: Set<string>, now: Date): Answer[] {
  const doc = readInterchanges(text);
  const r = seeded(seedOf(name));
  const on = isoDayOf(now);
  const out: Answer[] = [];
  doc.interchanges.forEach((ix: Interchange, i) => {
    const usage: 'P' | 'T' = ix.usage === 'P' ? 'P' : 'T';
    const back = { sender: ix.receiver.trim(), receiver: ix.sender.trim(), usage } as const;
    const control = (offset: number) => (Number(ix.control) + offset + i) % 1_000_000_000;
    const stem = `${name.replace(/\.[^.]*$/, '')}-${i + 1}`;
    for (const g of ix.groups)
      for (const tx of g.transactions) {
        const sep = doc.separators as Separators;
        if (tx.id === '837') {
          const read = read837Of(tx, sep, g.version);
          const providers = new Map<string, ProviderAnswers>();
          for (const c of read.claims) {
            const p = providers.get(c.billingProvider.npi) ?? {
              name: c.billingProvider.name,
              npi: c.billingProvider.npi,
              taxId: c.billingProvider.taxId,
              claims: [],
            };
            const days = serviceDays(c);
            const who = c.patient?.party ?? c.subscriber.party;
            p.claims.push({
              patientControlNumber: c.patientControlNumber,
              charge: c.totalCharge,
              serviceFrom: days.from,
              serviceTo: days.to,
              patient: { lastName: who.name, firstName: who.firstName ?? '', memberId: c.subscriber.memberId },
              status: 'A2:20',
              payerClaimNumber: `D${r.digits(11)}`,
            });
            providers.set(p.npi, p);
          }
          const reference = tx.segments.find((s) => s.id === 'BHT')?.elements[3] ?? g.control;
          const ack = {
            ...parties,
            house: { ...parties.house, id: back.sender },
            submitter: { ...parties.submitter, id: back.receiver },
            usage,
          };
          out.push(
            [
              `${stem}.999`,
              write999({
                ...ack,
                control: control(500_000),
                on,
                answers: { groupControl: Number(g.control), version: g.version, transactions: g.transactions.length },
              }),
            ],
            [
              `${stem}.277`,
              write277CA({
                ...ack,
                control: control(600_000),
                on,
                received: on,
                batchReference: reference,
                providers: [...providers.values()],
              }),
            ],
          );
        } else if (tx.id === '270') {
          const questions = read270(tx);
          if (!questions.length) continue;
          const year = now.getUTCFullYear();
          const replies = questions.map((inquiry) => ({
            inquiry,
            ...demoReply(r, year, staying.has(inquiry.subscriber.memberId ?? '')),
          }));
          out.push([
            `${stem}.271`,
            write271(replies, { ...back, control: control(700_000), at: now }, questions[0].trace),
          ]);
        } else if (tx.id === '276')
          read276(tx).forEach((q, n) => {
            if (!q.claims.length) return;
            const replies = q.claims.map((c) => ({ trace: c.trace, ...demoStatus(r, on) }));
            out.push([
              `${stem}-${n + 1}.277`,
              write277(q, replies, { ...back, control: control(800_000 + n), at: now }),
            ]);
          });
      }
  });
  return out;
}

/**
 * Takes what waits in an account's outbound folder, oldest first, into its TAKEN_FOLDER: a file another server took
 * meanwhile is gone and not taken twice. Answers the paths of the files this call took.
 */
async function takeWaiting(house: ClearingHouseConnection, outbound: string): Promise<string[]> {
  const waiting = await house.listInbound();
  if (!waiting.length) return [];
  const taken = join(outbound, TAKEN_FOLDER);
  await mkdir(taken, { recursive: true });
  const out: string[] = [];
  for (const f of waiting)
    if (
      await rename(join(outbound, f.name), join(taken, f.name)).then(
        () => true,
        () => false,
      )
    )
      out.push(join(taken, f.name));
  return out;
}

/**
 * The demo's clearing house at work: every demo account (demo_answers, a folder connection) has what waits in its
 * outbound folder taken (moved to TAKEN_FOLDER inside it, so two servers never answer one file twice) and answered
 * in its inbound folder. Answers the accounts that got answers.
 */
export async function answerDemoAccounts(db: Database, now = new Date()): Promise<AccountToPoll[]> {
  const accounts = (
    await db.query<DemoAccount>(
      `select a.id, a.billing_company_id, a.outbound_folder, a.inbound_folder, h.name as house, b.name as company
         from clearing_house_accounts a join clearing_houses h on h.id = a.clearing_house_id
         join billing_companies b on b.id = a.billing_company_id
        where a.demo_answers and a.connection = 'folder' and a.outbound_folder is not null and a.inbound_folder is not null
        order by a.id`,
    )
  ).rows;
  const answered: AccountToPoll[] = [];
  for (const a of accounts) {
    const bc = Number(a.billing_company_id);
    const root = billingCompanyExchangeRoot(bc);
    // The clearing house's side of the folder pair: what it reads is the account's outbound, what it writes its inbound.
    const house = folderConnection(a.inbound_folder, a.outbound_folder, root);
    const taken = await takeWaiting(house, folderUnder(root, a.outbound_folder));
    if (!taken.length) continue;
    const parties = {
      house: { name: a.house.toUpperCase(), id: '' },
      submitter: { name: a.company.toUpperCase(), id: '' },
    };
    const staying = await membersStaying(db, bc);
    let any = false;
    for (const path of taken) {
      const text = await readFile(path, 'latin1');
      for (const [answer, body] of answersTo(basename(path), text, parties, staying, now)) {
        await house.put(answer, Buffer.from(body, 'latin1'));
        any = true;
      }
    }
    if (any) answered.push({ id: Number(a.id), billing_company_id: bc });
  }
  return answered;
}

/**
 * The demo's accounts handed to the demo's clearing house once the history is made: what the history put in their
 * outbound folders it has answered already (through the intake, on the day it happened), so it is taken as answered,
 * and from now on what a person sends is answered by answerDemoAccounts.
 */
export async function openDemoClearingHouse(db: Database): Promise<void> {
  const accounts = (
    await db.query<{ id: string; billing_company_id: string; outbound_folder: string; inbound_folder: string }>(
      `select id, billing_company_id, outbound_folder, inbound_folder from clearing_house_accounts
        where connection = 'folder' and outbound_folder is not null and inbound_folder is not null order by id`,
    )
  ).rows;
  for (const a of accounts) {
    const root = billingCompanyExchangeRoot(Number(a.billing_company_id));
    await takeWaiting(
      folderConnection(a.inbound_folder, a.outbound_folder, root),
      folderUnder(root, a.outbound_folder),
    );
  }
  await db.query(`update clearing_house_accounts set demo_answers = true where id = any($1::bigint[])`, [
    accounts.map((a) => Number(a.id)),
  ]);
}

/**
 * Every `everyMs`, the demo's clearing house answers what the demo's accounts put out, and the account's inbound
 * folder is looked at at once rather than at its next scheduled check: a question asked or a batch sent on the demo
 * gets its answer in well under a minute. Returns the stop function.
 */
export const startDemoClearingHouse = (db: Database, jobs: JobQueue, everyMs = 20_000) =>
  pollEvery(jobs, everyMs, 'demo clearing house', () => answerDemoAccounts(db));
