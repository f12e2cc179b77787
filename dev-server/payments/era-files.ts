import type { X12FindingCode } from '../../src/domain/x12/x12-finding.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  readInterchanges,
  readInterchangesFromChunks,
  type Transaction,
  type X12Document,
} from '../../src/domain/x12/interchange-reader.ts';
import type { Separators } from '../../src/domain/x12/separators.ts';
import { read835 } from '../../src/domain/x12/era-835-reader.ts';
import { balance835 } from '../../src/domain/x12/era-835-balance.ts';
import type { Remittance } from '../../src/domain/x12/era-835-model.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { slicesYielding } from '../db/yield.ts';
import { paysOurs, payeeWords, providerIdentities } from './payee-identity.ts';

export interface EraContext {
  db: Database;
  entities: Entity[];
}

type Found = {
  remittance: Remittance;
  findings: Array<{ code: X12FindingCode; severity: string; message: string; position: number }>;
};
/** A stored file as the file store streams it. */
type Source = AsyncIterable<string | Uint8Array>;

/** What an ERA row needs of a payment, not its claims (their count only): a large file's payments are kept so. */
export interface PaymentSummary {
  r: Omit<Remittance, 'claims'>;
  claims: number;
  findings: Found['findings'];
}

/** A payment cut to its summary, its findings to the first 200. */
const summaryOf = ({ remittance: { claims, ...r }, findings }: Found): PaymentSummary => ({
  r,
  claims: claims.length,
  findings: findings.slice(0, 200),
});

/**
 * A file's envelopes (what it is, its envelope findings) and each 835 payment's summary, in one pass over slices that
 * let other requests run; read before any transaction opens (on the embedded database a transaction holds its one
 * connection, so a read inside one would hold every request). Other transaction sets are not kept.
 */
export async function paymentSummaries(text: string): Promise<{ envelopes: X12Document; payments: PaymentSummary[] }> {
  const payments: PaymentSummary[] = [];
  const envelopes = await readInterchangesFromChunks(slicesYielding(text), {
    onTransaction(t, sep) {
      if (t.id === '835') payments.push(summaryOf(readPayment(t, sep)));
    },
  });
  return { envelopes, payments };
}

/** One payment (835 transaction set) with the toolkit's findings: reader's and balance's. */
function readPayment(t: Transaction, sep: Separators): Found {
  const { remittance, findings } = read835(t, sep);
  return {
    remittance,
    findings: [...findings, ...balance835(remittance)].map((f) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      position: f.position,
    })),
  };
}

/**
 * Each payment of an 835 as the reader reaches it from the file store's stream: one
 * transaction set is in memory at a time, whatever the file's size (a payer's file may hold hundreds
 * of payments). visit may keep what it needs; the rest is let go.
 */
export async function eachPayment(source: Source, visit: (p: Found) => void): Promise<void> {
  const stream = {
    onTransaction(t: Transaction, sep: Separators) {
      if (t.id === '835') visit(readPayment(t, sep));
    },
  };
  await readInterchangesFromChunks(source, stream);
}

/** Every payment of a small file whole (tests, a preview of a pasted file). */
export function remittancesOf(text: string): Found[] {
  const out: Found[] = [];
  readInterchanges(text, {
    onTransaction(t, sep) {
      if (t.id === '835') out.push(readPayment(t, sep));
    },
  });
  return out;
}

/**
 * The one payment of a file an ERA row was registered for, read as a stream; the others are not kept:
 * the part-th payment with its trace number (TRN02; a payer may write two under one trace), or, for a
 * payment without a TRN, the one whose ST control the row's "<file id>-<control>" names.
 */
export async function paymentByTrace(
  source: Source,
  at: { trace: string; part?: number; fileId?: number },
): Promise<Found | undefined> {
  const part = at.part ?? 1;
  let found: Found | undefined;
  let first: Found | undefined;
  let seen = 0;
  await eachPayment(source, (p) => {
    first ??= p;
    const same =
      p.remittance.trace?.number !== undefined
        ? p.remittance.trace.number === at.trace
        : at.trace === `${at.fileId}-${p.remittance.control}`;
    if (!found && same && ++seen === part) found = p;
  });
  // An ERA registered before trace parts and controls were kept: the file's first payment, as then. Never for a later part.
  return found ?? (part === 1 ? first : undefined);
}

/** The payer an ERA is known by: its id (N1*PR REF*2U or TRN03) or its name. */
export const payerKey = (r: Pick<Remittance, 'payer' | 'trace'>) =>
  String(r.payer.id ?? r.trace?.originator ?? r.payer.name ?? '').slice(0, 80);

/**
 * Registers the payments of an 835 file kept in the file store as ERA files to post: one row per
 * payment (trace). A trace of the same payer already registered is a duplicate and is not registered
 * again, so the same remittance can never be posted twice, whatever file it arrives in. Two payments
 * of one trace in the same file are both registered (parts 1 and 2 of the trace), never dropped. A
 * payment to a payee that is not one of the billing company's providers (N1*PE NPI or tax id) is
 * registered held, with the reason, and cannot be posted.
 */
export async function registerEras(
  tx: Queryable,
  _ctx: EraContext,
  actor: Actor,
  input: {
    billingCompanyId: number;
    fileId: number;
    name: string;
    size: number;
    payments: PaymentSummary[];
    /** the file's envelope errors (a segment count or control number that does not match): every payment waits */
    envelopeErrors?: Array<{ code: X12FindingCode; message: string; position: number }>;
  },
): Promise<{ created: number[]; duplicates: string[]; held: number }> {
  const out = { created: [] as number[], duplicates: [] as string[], held: 0 };
  const { payments } = input;
  const parts = new Map<string, number>();
  const keyed = payments.map((p) => {
    const trace = p.r.trace?.number ?? `${input.fileId}-${p.r.control}`,
      payer = payerKey(p.r);
    const part = (parts.get(`${payer}|${trace}`) ?? 0) + 1;
    parts.set(`${payer}|${trace}`, part);
    return { ...p, trace, payer, part };
  });
  // Already received (the same payer's trace and part, whatever file it came in), then every new one in one statement.
  const seen = new Set(
    (
      await tx.query<{ k: string }>(
        `select payer_id || '|' || trace_number || '|' || trace_part as k from era_files
      where billing_company_id = $1 and (payer_id, trace_number, trace_part) in (select * from unnest($2::text[], $3::text[], $4::int[]))`,
        [input.billingCompanyId, keyed.map((p) => p.payer), keyed.map((p) => p.trace), keyed.map((p) => p.part)],
      )
    ).rows.map((x) => x.k),
  );
  const fresh = keyed.filter((p) => {
    if (!seen.has(`${p.payer}|${p.trace}|${p.part}`)) return true;
    out.duplicates.push(p.trace);
    return false;
  });
  if (!fresh.length) return out;
  const ours = await providerIdentities(tx, input.billingCompanyId);
  const broken = input.envelopeErrors ?? [];
  const rows = fresh.map(({ r, claims, findings, trace, payer, part }) => {
    const stranger = !paysOurs(ours, r.payee);
    const held = stranger || broken.length > 0;
    if (held) out.held++;
    return {
      billing_company_id: input.billingCompanyId,
      name: input.name,
      file_id: input.fileId,
      payer_name: (r.payer.name ?? payer).slice(0, 200),
      payer_id: payer,
      payee_npi: r.payee.npi ?? null,
      trace_number: trace,
      trace_part: part,
      payment_amount: r.payment.amount,
      payment_date: r.payment.date ?? null,
      size: input.size,
      claims,
      status: held ? 'held' : 'new',
      // A file whose envelope does not add up (as npm run x12 -- inspect says) may have lost or gained segments on the
      // way: nothing of it is posted until the payer sends it again whole.
      hold_reason: stranger
        ? `Addressed to another provider: it pays ${payeeWords(r.payee)}, which is not a provider of this billing company.`
        : broken.length
          ? `The file is not whole: ${broken[0].message} Ask the payer to send it again; it is not posted.`
          : null,
      findings: [
        ...broken.map((f) => ({ code: f.code, severity: 'error', message: f.message, position: f.position })),
        ...findings,
      ],
    };
  });
  const ids = (
    await tx.query<{ id: string }>(
      `insert into era_files (billing_company_id, name, file_id, payer_name, payer_id, payee_npi, trace_number, trace_part, payment_amount, payment_date, size, claims, status, hold_reason, findings)
     select x.billing_company_id, x.name, x.file_id, x.payer_name, x.payer_id, x.payee_npi, x.trace_number, x.trace_part, x.payment_amount, x.payment_date, x.size, x.claims, x.status, x.hold_reason, x.findings
       from jsonb_to_recordset($1::jsonb) as x(billing_company_id bigint, name text, file_id bigint, payer_name text, payer_id text, payee_npi text, trace_number text, trace_part int, payment_amount bigint,
            payment_date date, size bigint, claims int, status text, hold_reason text, findings jsonb) returning id`,
      [JSON.stringify(rows)],
    )
  ).rows.map((x) => Number(x.id));
  await writeAuditMany(tx, actor, {
    entity: 'era-file',
    event: 'created',
    rows: ids.map((id, i) => ({
      entityId: id,
      billingCompanyId: input.billingCompanyId,
      oldValues: null,
      newValues: { ...rows[i], findings: rows[i].findings.length },
    })),
  });
  out.created.push(...ids);
  return out;
}
