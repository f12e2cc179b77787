import type { Actor } from '../auth/actor.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import { read999 } from '../../src/domain/x12/ack-999-reader.ts';
import { read277 } from '../../src/domain/x12/claim-ack-277-reader.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import type { BatchContext } from './batch-service.ts';

const SUBMITTED = 3;
const REJECTED = 5;

export interface AckOutcome {
  file_id: number; duplicate: boolean; kind: string | null;
  findings: Array<{ severity: string; message: string }>;
  rejected: Array<{ claim_id: number; code: string; reason: string }>;
  accepted: Array<{ claim_id: number; code: string; payer_claim_number?: string }>;
  unmatched: string[];
}

/**
 * A clearing house's answer to our 837s, as it arrives (today uploaded by hand; the polling of a
 * connection's inbound folder will hand files to the same function). The file is kept first, so
 * nothing received is ever lost, and a file already applied (the same bytes) changes nothing again.
 * A 999 that rejects a transaction set returns the claims of the batch it answers to Rejected with the
 * errors in plain words; a 277CA rejects or accepts claim by claim (its category and status codes
 * explained), and the payer's claim number of an accepted claim is kept in its notes.
 */
export async function applyAcknowledgment(ctx: BatchContext, actor: Actor, text: string, billingCompanyId: number, name = 'acknowledgment.x12'): Promise<AckOutcome> {
  const file = await ctx.files.save(actor, { kind: 'ack', name, billingCompanyId, source: Buffer.from(text, 'utf8') });
  const doc = readInterchanges(text);
  const out: AckOutcome = { file_id: file.id, duplicate: !!file.duplicate, kind: null, findings: doc.findings.map((f) => ({ severity: f.severity, message: f.message })), rejected: [], accepted: [], unmatched: [] };
  if (file.duplicate || !doc.interchanges.length) return out;
  const claims = new ResourceStore(ctx.db, ctx.entities.find((e) => e.name === 'claim')!, actor);
  const notes = new ResourceStore(ctx.db, ctx.entities.find((e) => e.name === 'claim-note')!, actor);
  await ctx.db.transaction(async (tx) => {
    const reject = async (claim: { id: number; code: string }, reason: string) => {
      await claims.transition(claim.id, REJECTED, { tx, system: true, note: reason });
      out.rejected.push({ claim_id: claim.id, code: claim.code, reason });
    };
    for (const group of doc.interchanges.flatMap((i) => i.groups)) {
      for (const t of group.transactions) {
        if (group.functionalId === 'FA') {
          out.kind = '999';
          const ack = read999(t);
          const batch = (await tx.query<{ id: number; claim_ids: number[]; code: string }>(
            'select id, claim_ids, code from claim_batches where billing_company_id = $1 and control_number = $2', [billingCompanyId, Number(ack.groupControl)])).rows[0];
          if (!batch) { out.unmatched.push(`999 for group ${ack.groupControl}`); continue; }
          for (const set of ack.transactions.filter((x) => !x.accepted)) {
            const reason = `999 rejected the file (batch ${batch.code}): ${[set.meaning, ...set.errors.map((e) => `${e.segment ? `${e.segment}: ` : ''}${e.meaning}`)].filter(Boolean).join('; ')}`;
            const inBatch = (await tx.query<{ id: number; code: string }>('select id, code from claims where billing_company_id = $1 and id = any($2::bigint[]) and status_id = $3 order by id for update',
              [billingCompanyId, batch.claim_ids, SUBMITTED])).rows;
            for (const c of inBatch) await reject({ id: Number(c.id), code: c.code }, reason);
          }
        } else if (group.functionalId === 'HN') {
          out.kind = '277CA';
          const statuses = read277(t, doc.separators!).filter((x) => x.level === 'claim');
          // Every claim the file speaks of, in one query (by our claim number or the patient account sent as CLM01).
          const found = (await tx.query<{ id: number; code: string; patient_account_number: string | null; status_id: number }>(
            `select id, code, patient_account_number, status_id from claims where billing_company_id = $1 and (code = any($2::text[]) or patient_account_number = any($2::text[])) order by id for update`,
            [billingCompanyId, statuses.map((x) => x.claimControl)])).rows;
          const byControl = new Map<string, (typeof found)[number]>();
          for (const c of found) { byControl.set(c.code, c); if (c.patient_account_number) byControl.set(c.patient_account_number, c); }
          for (const s of statuses) {
            const claim = byControl.get(s.claimControl);
            if (!claim) { out.unmatched.push(s.claimControl); continue; }
            const said = `${s.categoryMeaning}${s.statusMeaning ? `: ${s.statusMeaning}` : ''}`;
            if (s.outcome === 'rejected' && Number(claim.status_id) === SUBMITTED) await reject({ id: Number(claim.id), code: claim.code }, `277CA: ${said}`);
            else if (s.outcome === 'accepted') {
              await notes.create({ claim_id: claim.id, kind: 'check_status', status_id: Number(claim.status_id), note: `277CA: ${said}`,
                details: { response: said, ...(s.payerClaimNumber ? { payer_claim_number: s.payerClaimNumber } : {}) }, user_id: null, billing_company_id: billingCompanyId }, { tx });
              out.accepted.push({ claim_id: Number(claim.id), code: claim.code, ...(s.payerClaimNumber ? { payer_claim_number: s.payerClaimNumber } : {}) });
            }
          }
        }
      }
    }
  });
  return out;
}
