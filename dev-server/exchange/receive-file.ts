import { historyNote } from '../../src/domain/history-notes.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import { readInterchanges, type Interchange } from '../../src/domain/x12/interchange-reader.ts';
import { read999 } from '../../src/domain/x12/ack-999-reader.ts';
import { read277 } from '../../src/domain/x12/claim-ack-277-reader.ts';
import { read271 } from '../../src/domain/x12/eligibility-271-reader.ts';
import { applyEligibilityAnswers } from '../eligibility/eligibility-answers.ts';
import { applyClaimStatuses } from '../claim-status/status-answers.ts';
import type { Separators } from '../../src/domain/x12/separators.ts';
import { addClaimNotes, moveClaims } from '../claims/claim-bulk.ts';
import { logExchange, type ExchangeResult } from './exchange-log.ts';
import { batchAnswered } from './batch-answers.ts';
import { paymentSummaries, registerEras } from '../payments/era-files.ts';
import { claimsByControl } from '../claims/claims-by-control.ts';
import { markDenied } from '../denials/mark-denied.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';
import { form837Of } from '../../src/domain/x12/read-837-of.ts';
import { keepClaimFile } from '../claim-intake/claim-file-intake.ts';
import { x12Read } from '../claim-intake/claim-file-source.ts';

export interface ReceiveContext {
  db: Database;
  entities: Entity[];
  files: FileStore;
}

export interface ReceiveOutcome {
  exchange_id: number;
  file_id: number;
  duplicate: boolean;
  kind: string | null;
  result: ExchangeResult;
  message: string;
  findings: Array<{ severity: string; message: string }>;
  rejected: Array<{ claim_id: number; code: string; reason: string }>;
  accepted: Array<{ claim_id: number; code: string; payer_claim_number?: string }>;
  unmatched: string[];
  /** the sent batches this file answered */
  batches: number[];
  /** the eligibility checks a 271 answered */
  eligibility: number;
  /** the claims a 277 told where they stand */
  statuses: number;
  /** the ERA files an 835's payments became */
  eras: number[];
}

const KIND_OF_GROUP: Record<string, string> = { FA: '999', HN: '277CA', HP: '835', HB: '271' };

/** A 277 answering a 276 (005010X212), not acknowledging claims (277CA, 005010X214): both are group HN. */
const isStatusResponse = (g: { functionalId: string; version: string }) =>
  g.functionalId === 'HN' && g.version.includes('X212');

/**
 * What a file is, from its functional groups: 999, 277CA, 277, 835 or 271 (the first one found), or the claims a
 * client practice drops in the account's inbound folder (837P, 837I), or null.
 */
function kindOf(interchanges: Interchange[]): string | null {
  for (const g of interchanges.flatMap((i) => i.groups)) {
    if (isStatusResponse(g)) return '277';
    if (g.functionalId === 'HC') return form837Of(g.version) === 'institutional' ? '837I' : '837P';
    if (Object.hasOwn(KIND_OF_GROUP, g.functionalId)) return KIND_OF_GROUP[g.functionalId];
  }
  return null;
}

/** A clearing house's answer (one transaction set of a 999 or 277CA) to apply in the receiving transaction. */
interface AnswerToApply {
  tx: Queryable;
  ctx: ReceiveContext;
  actor: Actor;
  bc: number;
  t: Tx;
  out: ReceiveOutcome;
}

/**
 * A file from a clearing house — polled from a connection's inbound folder or uploaded by hand —
 * through one path. It is kept in the file store first, so nothing received is ever lost. The same
 * bytes received again change nothing (and say so). A 999 that rejects a transaction set returns the
 * claims of the batch it answers to Rejected with the errors in plain words; a 277CA rejects or
 * accepts claim by claim (its category and status codes explained, the payer's claim number kept);
 * an 835 waits in the ERA files for payment posting; a file that cannot be read is kept with its
 * findings. Every file leaves a row in the files exchanged.
 */
export async function receiveFile(
  ctx: ReceiveContext,
  actor: Actor,
  input: { billingCompanyId: number; accountId: number | null; name: string; bytes: Buffer },
): Promise<ReceiveOutcome> {
  const text = input.bytes.toString('latin1');
  // The envelopes first (what the file is, its envelope findings) in one pass that lets other requests run, keeping
  // of an 835 only each payment's summary, before any transaction opens; acknowledgments are small and read whole.
  const { envelopes, payments } = await paymentSummaries(text);
  const kind = kindOf(envelopes.interchanges);
  const doc = kind === '835' ? envelopes : readInterchanges(text);
  const errors = doc.findings.filter((f) => f.severity === 'error');
  const claims = kind === '837P' || kind === '837I';
  const storeKind =
    kind === '835'
      ? 'era'
      : claims
        ? 'claim-file'
        : doc.interchanges.length || text.replace(/^\uFEFF?\s*/, '').startsWith('ISA')
          ? 'ack'
          : 'received';
  const file = await ctx.files.save(actor, {
    kind: storeKind,
    name: input.name,
    billingCompanyId: input.billingCompanyId,
    source: input.bytes,
  });
  const out: ReceiveOutcome = {
    exchange_id: 0,
    file_id: file.id,
    duplicate: false,
    kind,
    result: 'applied',
    message: '',
    findings: doc.findings.map((f) => ({ severity: f.severity, message: f.message })),
    rejected: [],
    accepted: [],
    unmatched: [],
    batches: [],
    eligibility: 0,
    statuses: 0,
    eras: [],
  };
  return ctx.db.transaction(async (tx) => {
    const base = {
      billingCompanyId: input.billingCompanyId,
      accountId: input.accountId,
      fileId: file.id,
      direction: 'in' as const,
      kind: kind ?? 'unknown',
      name: input.name,
      size: input.bytes.length,
    };
    // Same bytes already taken in (not merely stored by a run that stopped before applying them): nothing changes.
    const earlier = file.duplicate
      ? (
          await tx.query<{ exchanged_at: string }>(
            `select to_char(exchanged_at, 'MM/DD/YYYY HH24:MI') as exchanged_at from exchange_files where billing_company_id = $1 and file_id = $2 and direction = 'in' order by id limit 1`,
            [input.billingCompanyId, file.id],
          )
        ).rows[0]
      : undefined;
    if (earlier) {
      Object.assign(out, {
        duplicate: true,
        result: 'duplicate',
        message: `Already received on ${earlier.exchanged_at}; nothing was changed.`,
      });
      out.exchange_id = await logExchange(ctx, tx, actor, { ...base, result: 'duplicate', message: out.message });
      return out;
    }
    if (kind === null) {
      Object.assign(out, {
        result: 'unreadable',
        message: `The file could not be read as a 999, 277CA or 835; it is kept as it came. ${errors
          .slice(0, 3)
          .map((f) => f.message)
          .join(' ')}`.trim(),
      });
    } else if (claims) {
      // A practice's claims: kept as a claim file, checked and matched, waiting for a person to import them.
      const made = await keepClaimFile(tx, ctx, actor, {
        bc: input.billingCompanyId,
        file: { id: file.id, name: input.name, sha256: file.sha256 },
        read: x12Read(doc),
      });
      Object.assign(out, {
        result: 'claim_file_received',
        message: `A practice's claim file: ${made.claims} claim(s) wait in the claim files to be imported (${made.ready} ready, ${made.to_fix} to fix, ${made.waiting} waiting, ${made.held} already held).`,
      });
    } else if (kind === '835') {
      const eras = await registerEras(tx, ctx, actor, {
        billingCompanyId: input.billingCompanyId,
        fileId: file.id,
        name: input.name,
        size: input.bytes.length,
        payments,
        envelopeErrors: errors,
      });
      Object.assign(out, {
        eras: eras.created,
        result: 'era_received',
        message: `An ERA (835): ${eras.created.length - eras.held} payment(s) wait in the ERA files for posting${
          eras.held
            ? `; ${eras.held} ${errors.length ? 'held because the file is not whole' : 'addressed to another provider'} wait and will not be posted`
            : ''
        }${eras.duplicates.length ? `; already received: ${eras.duplicates.join(', ')}` : ''}.`,
      });
    } else {
      for (const group of doc.interchanges.flatMap((i) => i.groups)) {
        for (const t of group.transactions) {
          if (group.functionalId === 'FA') await apply999({ tx, ctx, actor, bc: input.billingCompanyId, t, out });
          else if (isStatusResponse(group)) {
            const applied = await applyClaimStatuses(
              tx,
              claimEntity(ctx),
              actor,
              input.billingCompanyId,
              read277(t, doc.separators!),
            );
            out.statuses += applied.denied.length + applied.rejected.length + applied.noted.length;
            out.unmatched.push(...applied.unmatched);
          } else if (group.functionalId === 'HN')
            await apply277({ tx, ctx, actor, bc: input.billingCompanyId, t, sep: doc.separators!, out });
          else if (group.functionalId === 'HB') {
            const { applied, unmatched } = await applyEligibilityAnswers(
              tx,
              actor,
              input.billingCompanyId,
              read271(t, doc.separators!),
              file.id,
            );
            out.eligibility += applied.length;
            out.unmatched.push(...unmatched);
          }
        }
      }
      if (kind === '999' && !out.rejected.length && out.batches.length)
        out.message = 'The clearing house accepted the file.';
      else
        out.message =
          [
            out.accepted.length ? `${out.accepted.length} claim(s) accepted` : '',
            out.rejected.length ? `${out.rejected.length} claim(s) rejected` : '',
            out.eligibility ? `${out.eligibility} eligibility answer(s) kept on their policies` : '',
            out.statuses ? `${out.statuses} claim status answer(s) applied` : '',
            out.unmatched.length
              ? `not ours or not found: ${out.unmatched.slice(0, 5).join(', ')}${out.unmatched.length > 5 ? '…' : ''}`
              : '',
          ]
            .filter(Boolean)
            .join('; ') || `${kind} read; nothing to change.`;
    }
    out.exchange_id = await logExchange(ctx, tx, actor, {
      ...base,
      batchId: new Set(out.batches).size === 1 ? out.batches[0] : null,
      result: out.result,
      message: out.message,
      claimsAccepted: out.accepted.length,
      claimsRejected: out.rejected.length,
      findings: out.findings.slice(0, 200),
    });
    return out;
  });
}

type Tx = Parameters<typeof read999>[0];

async function apply999({ tx, ctx, actor, bc, t, out }: AnswerToApply) {
  const ack = read999(t);
  const batch = (
    await tx.query<{ id: number; claim_ids: number[]; code: string }>(
      'select id, claim_ids, code from claim_batches where billing_company_id = $1 and control_number = $2',
      [bc, Number(ack.groupControl)],
    )
  ).rows[0];
  if (!batch) {
    out.unmatched.push(`999 for group ${ack.groupControl}`);
    return;
  }
  out.batches.push(Number(batch.id));
  const refused = ack.transactions.filter((x) => !x.accepted);
  if (!refused.length && ack.accepted) return;
  const reason = historyNote('rejected999', {
    batch: batch.code,
    reason:
      refused
        .flatMap((set) => [set.meaning, ...set.errors.map((e) => `${e.segment ? `${e.segment}: ` : ''}${e.meaning}`)])
        .filter(Boolean)
        .join('; ') || ack.groupMeaning,
  });
  const claims = (
    await tx.query<{ id: string; code: string }>(
      'select id, code from claims where billing_company_id = $1 and id = any($2::bigint[]) and status_id = $3 order by id',
      [bc, batch.claim_ids, CLAIM_STATUS.SUBMITTED],
    )
  ).rows;
  const moved = await moveClaims(tx, actor, {
    claimEntity: claimEntity(ctx),
    billingCompanyId: bc,
    from: CLAIM_STATUS.SUBMITTED,
    to: CLAIM_STATUS.REJECTED,
    moves: claims.map((c) => ({ id: Number(c.id), note: reason })),
  });
  // Rejected claims join the denial worklist aged from today (no CARC: the reason is in their history).
  await markDenied(
    tx,
    moved.map((id) => ({ id, codes: [] })),
  );
  const codes = new Map(claims.map((c) => [Number(c.id), c.code]));
  for (const id of moved) out.rejected.push({ claim_id: id, code: codes.get(id)!, reason });
  await batchAnswered({ tx, ctx, actor, bc, accepted: [], rejected: moved });
}

async function apply277({ tx, ctx, actor, bc, t, sep, out }: AnswerToApply & { sep: Separators }) {
  // A claim may carry several STC segments (a rejection names each problem): it is one claim, answered once,
  // rejected when any of them rejects it, with every reason in its note.
  const answers = new Map<string, ReturnType<typeof read277>>();
  for (const x of read277(t, sep).filter((y) => y.level === 'claim'))
    answers.set(x.claimControl, [...(answers.get(x.claimControl) ?? []), x]);
  const byControl = await claimsByControl(tx, bc, [...answers.keys()]);
  const rejections: Array<{ id: number; note: string }> = [];
  const notes: Parameters<typeof addClaimNotes>[3] = [];
  for (const [control, stcs] of answers) {
    const claim = byControl.get(control);
    if (!claim) {
      out.unmatched.push(control);
      continue;
    }
    const rejecting = stcs.filter((x) => x.outcome === 'rejected');
    const said = (rejecting.length ? rejecting : stcs)
      .map((x) => `${x.categoryMeaning}${x.statusMeaning ? `: ${x.statusMeaning}` : ''}`)
      .join('; ');
    // Who answered matters to the biller: a clearing house's rejection is fixed and resent, it is no payer's denial.
    const byPayer = stcs[0].from === 'payer';
    const s = {
      outcome: rejecting.length
        ? 'rejected'
        : stcs.some((x) => x.outcome === 'accepted')
          ? 'accepted'
          : stcs[0].outcome,
      payerClaimNumber: stcs.find((x) => x.payerClaimNumber)?.payerClaimNumber,
    };
    const id = Number(claim.id);
    if (s.outcome === 'rejected' && Number(claim.status_id) === CLAIM_STATUS.SUBMITTED) {
      const reason = historyNote(byPayer ? 'rejected277ByPayer' : 'rejected277ByClearingHouse', { said });
      rejections.push({ id, note: reason });
      out.rejected.push({ claim_id: id, code: claim.code, reason });
    } else if (s.outcome === 'accepted') {
      notes.push({
        claim_id: id,
        kind: 'check_status',
        status_id: Number(claim.status_id),
        note: historyNote(byPayer ? 'accepted277ByPayer' : 'accepted277ByClearingHouse', { said }),
        details: { response: said, ...(s.payerClaimNumber ? { payer_claim_number: s.payerClaimNumber } : {}) },
      });
      out.accepted.push({
        claim_id: id,
        code: claim.code,
        ...(s.payerClaimNumber ? { payer_claim_number: s.payerClaimNumber } : {}),
      });
    }
  }
  const moved = await moveClaims(tx, actor, {
    claimEntity: claimEntity(ctx),
    billingCompanyId: bc,
    from: CLAIM_STATUS.SUBMITTED,
    to: CLAIM_STATUS.REJECTED,
    moves: rejections,
  });
  await markDenied(
    tx,
    moved.map((id) => ({ id, codes: [] })),
  );
  await addClaimNotes(tx, actor, bc, notes);
  out.batches.push(
    ...(await batchAnswered({ tx, ctx, actor, bc, accepted: notes.map((n) => n.claim_id), rejected: moved })),
  );
}

const claimEntity = (ctx: ReceiveContext) => ctx.entities.find((e) => e.name === 'claim')!;
