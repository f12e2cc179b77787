import { historyNote } from '../../src/domain/history-notes.ts';
import { entityOf, storeOf } from '../resources/store-of.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import type { EraContext } from '../payments/era-files.ts';
import { payerClaimNumbers } from './payer-claim-numbers.ts';
import { CLAIM_STATUS, PAYMENT_SOURCE, REFILE_TYPE } from '../../src/generated/ids.ts';

// Claims the payer has answered: approved, rejected, denied or complete.
const ANSWERED: number[] = [CLAIM_STATUS.APPROVED, CLAIM_STATUS.REJECTED, CLAIM_STATUS.DENIED, CLAIM_STATUS.COMPLETE];

const name = (list: string, id: unknown) =>
  codeListFile(list).find((i) => String(i.id) === String(id))?.name ?? String(id);

/**
 * Refiles a claim the payer answered, in one transaction: a refile still waiting to be transmitted is
 * cancelled; the claim is set up for the 837 it will go out as — to the secondary payer with the
 * primary's adjudication (submit to secondary, crossover), a replacement (frequency 7) or a void
 * (frequency 8) naming the payer's claim number, or again as it was — and returns to Not submitted
 * with the reason in its history, so the next batch takes it.
 */
export async function refileClaim(
  ctx: EraContext,
  actor: Actor,
  body: Record<string, unknown>,
  locale: 'en' | 'es',
): Promise<Row> {
  const entity = entityOf(ctx, 'claim-refile');
  const w = entityWriter(entity);
  const values = w.writable(body);
  w.check(values, locale);
  const type = Number(values.refile_type);
  return ctx.db.transaction(async (tx) => {
    const claims = storeOf(ctx, actor, 'claim');
    const claim = await claims.get(Number(values.claim_id), tx, true);
    if (!ANSWERED.includes(Number(claim.status_id)))
      throw invalid({ claim_id: [problem('only_claim_payer_answered_approved_rejected')] });
    const policies = ((claim.insurance_policy_ids as number[] | null) ?? []).map(Number);
    let responsibility = 'P';
    let frequency = '1';
    let original: string | null = null;
    if (type === REFILE_TYPE.SECONDARY || type === REFILE_TYPE.CROSSOVER) {
      if (!policies[1]) throw invalid({ policy_id: [problem('claim_no_secondary_policy_bill')] });
      if (values.policy_id !== undefined && values.policy_id !== null && Number(values.policy_id) !== policies[1])
        throw invalid({ policy_id: [problem('policy_billed_claim_s_secondary_policy')] });
      values.policy_id = policies[1];
      const posted = (
        await tx.query(
          `select 1 from payment_services p join payments y on y.id = p.payment_id where p.claim_id = $1 and y.source_id <> ${PAYMENT_SOURCE.PATIENT} limit 1`,
          [claim.id],
        )
      ).rows.length;
      if (!posted) throw invalid({ refile_type: [problem('primary_payer_s_adjudication_posted_before')] });
      responsibility = 'S';
    } else if (type === REFILE_TYPE.CORRECTED || type === REFILE_TYPE.VOID) {
      const given =
        typeof values.original_claim_id === 'string' && values.original_claim_id.trim()
          ? values.original_claim_id.trim()
          : null;
      original = given ?? (await payerClaimNumbers(tx, Number(claim.id)))[0] ?? null;
      if (!original) throw invalid({ original_claim_id: [problem('corrected_void_claim_names_payer_s')] });
      values.original_claim_id = original;
      frequency = type === REFILE_TYPE.CORRECTED ? '7' : '8';
      values.policy_id ??= policies[0] ?? null;
    } else values.policy_id ??= policies[0] ?? null;

    const cancelled = (
      await tx.query<{ id: string }>(
        `update claim_refiles set status = 'cancelled', updated_at = now(), version = version + 1 where claim_id = $1 and status = 'pending' returning id`,
        [claim.id],
      )
    ).rows.map((r) => Number(r.id));
    if (cancelled.length)
      await writeAuditMany(tx, actor, {
        entity: 'claim-refile',
        event: 'updated',
        rows: cancelled.map((id) => ({
          entityId: id,
          billingCompanyId: Number(claim.billing_company_id),
          oldValues: { status: 'pending' },
          newValues: { status: 'cancelled', by_refile: true },
        })),
      });
    const refile = await new ResourceStore(ctx.db, entity, actor).create(
      { ...values, billing_company_id: claim.billing_company_id },
      {
        tx,
        within: async (t, row) => {
          await t.query(`update claim_refiles set status = 'pending', user_id = $2 where id = $1`, [
            row.id,
            actor.system ? null : actor.userId,
          ]);
          return { status: 'pending' };
        },
      },
    );
    const before = {
      frequency: claim.frequency ?? null,
      original_reference: claim.original_reference ?? null,
      billed_responsibility: claim.billed_responsibility ?? null,
    };
    const after = { frequency, original_reference: original, billed_responsibility: responsibility };
    await tx.query(
      'update claims set frequency = $2, original_reference = $3, billed_responsibility = $4 where id = $1',
      [claim.id, frequency, original, responsibility],
    );
    await writeAuditMany(tx, actor, {
      entity: 'claim',
      event: 'updated',
      rows: [
        {
          entityId: Number(claim.id),
          billingCompanyId: Number(claim.billing_company_id),
          oldValues: before,
          newValues: after,
        },
      ],
    });
    const said = typeof values.note === 'string' ? values.note.trim() : '';
    const why = { type: name('refile-types', type), reason: name('refile-reasons', values.refile_reason) };
    const note = said ? historyNote('refiledWithNote', { ...why, note: said }) : historyNote('refiled', why);
    await claims.transition(Number(claim.id), CLAIM_STATUS.NOT_SUBMITTED, {
      tx,
      system: true,
      note,
      subStatusId: null,
    });
    return { ...refile, status: 'pending', cancelled };
  });
}

/** Cancels a refile not yet transmitted; the claim stays Not submitted, going out again as an original to the payer it was billed to first. */
export async function cancelRefile(ctx: EraContext, actor: Actor, id: number): Promise<Row> {
  const store = storeOf(ctx, actor, 'claim-refile');
  return ctx.db.transaction(async (tx) => {
    const refile = await store.get(id, tx, true);
    if (refile.status !== 'pending') throw invalid({ status: [problem('only_refile_not_yet_transmitted_cancelled')] });
    const after = await store.applyUpdate(tx, refile, { status: 'cancelled' }, 'updated');
    await tx.query(
      `update claims set frequency = '1', original_reference = null, billed_responsibility = 'P' where id = $1 and status_id = $2`,
      [refile.claim_id, CLAIM_STATUS.NOT_SUBMITTED],
    );
    return after;
  });
}

/** Refiles go out with their claims: when a batch is sent, their pending refiles are transmitted. */
export async function markRefilesTransmitted(tx: Queryable, claimIds: number[]): Promise<void> {
  if (!claimIds.length) return;
  await tx.query(
    `update claim_refiles set status = 'transmitted', transmitted_at = now(), updated_at = now(), version = version + 1 where claim_id = any($1::bigint[]) and status = 'pending'`,
    [claimIds],
  );
}
