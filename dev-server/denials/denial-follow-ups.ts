import { historyNote } from '../../src/domain/history-notes.ts';
import {
  DomainError,
  forbidden,
  invalid,
  problem,
  textProblems,
  type FieldProblem,
} from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { DEPARTMENT } from '../../src/generated/ids.ts';
import { findTransition, stateName, transitionSlug } from '../../src/platform/state-machine.ts';
import { addClaimNotes } from '../claims/claim-bulk.ts';
import { requireSubStatus } from '../claims/claim-status.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import type { EraContext } from '../payments/era-files.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { entityOf, storeOf } from '../resources/store-of.ts';
import { entityWriter } from '../resources/validation.ts';
import type { Actor } from '../security/actor.ts';
import { bulkEach } from '../http/bulk-each.ts';
import type { Locale } from '../i18n/locale.ts';
import { can } from '../security/actor.ts';

const DEPARTMENTS: number[] = Object.values(DEPARTMENT);
const claimStore = (ctx: EraContext, actor: Actor) => storeOf(ctx, actor, 'claim');

/**
 * Records a denial follow-up (the tracking form) and its side effect, in one transaction: the claim's
 * status and sub-status change with the tracking note in its history (the note linked to the tracking),
 * and the claim's follow-up date and department are the tracking's. Contacting the patient names how.
 */
export async function recordTracking(
  ctx: EraContext,
  actor: Actor,
  body: Record<string, unknown>,
  locale: 'en' | 'es',
) {
  const entity = entityOf(ctx, 'denial-tracking');
  const w = entityWriter(entity);
  const values = w.writable(body);
  const problems = textProblems(w.problems(values, locale));
  if (values.is_contact_to_patient === true && !values.contact_through)
    (problems.contact_through ??= []).push(problem('say_how_patient_contacted'));
  if (Object.keys(problems).length) throw invalid(problems);
  return ctx.db.transaction(async (tx) => {
    const claims = claimStore(ctx, actor);
    const claim = await claims.get(Number(values.claim_id), tx, true);
    const bc = Number(claim.billing_company_id);
    if (
      !((claim.insurance_policy_ids as number[] | null) ?? []).map(Number).includes(Number(values.policy_responsible))
    )
      throw invalid({ policy_responsible: [problem('policy_not_one_claim_billed')] });
    const to = Number(values.claim_status);
    const sub =
      values.claim_sub_status === undefined || values.claim_sub_status === null
        ? null
        : Number(values.claim_sub_status);
    if (sub !== null) await requireSubStatus(tx, bc, sub, to);
    const note =
      String(values.tracking_note ?? '').trim() ||
      `Denial tracking: ${String(values.interface_type)} with ${String(values.rep_name)}`;
    const from = Number(claim.status_id);
    if (
      from !== to ||
      (sub ?? null) !==
        (claim.sub_status_id === null || claim.sub_status_id === undefined ? null : Number(claim.sub_status_id))
    ) {
      // A collector moves a claim by the denial module's own permission (denial.status), along the moves a
      // person may make in the claim's table; the system's own moves (a refile back to Not submitted) stay the system's.
      const m = claims.entity.states!;
      const t = findTransition(m, from, to);
      const personal = from === to || (t && !t.system);
      if (!personal)
        throw new DomainError('transition_not_allowed', {
          entity: 'Claim',
          from: stateName(m, from),
          to: stateName(m, to),
        });
      const bySlug = from === to || can(actor, transitionSlug(claims.entity.resource.permission, m, t!));
      if (!bySlug && !can(actor, 'denial.status')) throw forbidden();
      await claims.transition(Number(claim.id), to, { tx, note, subStatusId: sub, system: !bySlug });
    }
    await addClaimNotes(tx, actor, bc, [
      {
        claim_id: Number(claim.id),
        kind: 'tracking',
        status_id: to,
        note,
        details: {
          rep_name: values.rep_name,
          ref_number: values.ref_number ?? null,
          interface_type: values.interface_type,
          payer_claim_number: values.claim_number,
        },
      },
    ]);
    const noteId = Number(
      (
        await tx.query<{ id: string }>(
          `select max(id) as id from claim_notes where claim_id = $1 and kind = 'tracking'`,
          [claim.id],
        )
      ).rows[0].id,
    );
    const tracking = await new ResourceStore(ctx.db, entity, actor).create(
      { ...values, billing_company_id: bc },
      {
        tx,
        within: async (t, row) => {
          await t.query('update denial_trackings set claim_note_id = $2, user_id = $3 where id = $1', [
            row.id,
            noteId,
            actor.system ? null : actor.userId,
          ]);
          return { claim_note_id: noteId };
        },
      },
    );
    const followUp =
      typeof values.follow_up === 'string' && isUsDate(values.follow_up) ? usDateToIso(values.follow_up) : null;
    await tx.query(
      'update claims set follow_up_date = coalesce($2, follow_up_date), department_responsibility_id = $3 where id = $1',
      [claim.id, followUp, values.department_responsible],
    );
    return { ...tracking, claim: await claims.get(Number(claim.id), tx) };
  });
}

/** Bulk changes a collector makes over the worklist; each claim answers whether it changed and why not. */
export async function bulkUpdate(ctx: EraContext, actor: Actor, body: Record<string, unknown>, locale: Locale) {
  const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
  if (!ids.length || ids.length > 500 || ids.some((x) => !Number.isSafeInteger(x) || x < 1))
    throw invalid({ ids: [problem('ids_list_claim_ids_most_500')] });
  const set: Record<string, unknown> = {};
  const errors: Record<string, FieldProblem[]> = {};
  if (body.assigned_user_id !== undefined) {
    if (
      body.assigned_user_id === null ||
      (Number.isSafeInteger(Number(body.assigned_user_id)) && Number(body.assigned_user_id) > 0)
    )
      set.assigned_user_id = body.assigned_user_id === null ? null : Number(body.assigned_user_id);
    else errors.assigned_user_id = [problem('field_an_id', { field: 'user' })];
  }
  if (body.follow_up_date !== undefined) {
    if (body.follow_up_date === null || (typeof body.follow_up_date === 'string' && isUsDate(body.follow_up_date)))
      set.follow_up_date = body.follow_up_date === null ? null : usDateToIso(body.follow_up_date as string);
    else errors.follow_up_date = [problem('date_mm_dd_yyyy')];
  }
  if (body.department_responsibility_id !== undefined) {
    if (body.department_responsibility_id === null || DEPARTMENTS.includes(Number(body.department_responsibility_id)))
      set.department_responsibility_id =
        body.department_responsibility_id === null ? null : Number(body.department_responsibility_id);
    else errors.department_responsibility_id = [problem('department_responsible_invalid')];
  }
  const sub = body.sub_status_id === undefined ? undefined : Number(body.sub_status_id);
  if (sub !== undefined && (!Number.isSafeInteger(sub) || sub < 1))
    errors.sub_status_id = [problem('sub_status_invalid')];
  if (!Object.keys(set).length && sub === undefined && !Object.keys(errors).length)
    errors._ = [problem('bulk_change_nothing_named')];
  if (Object.keys(errors).length) throw invalid(errors);
  const claims = claimStore(ctx, actor);
  return bulkEach(ids, locale, 'claim_was_not_found', (id) =>
    ctx.db.transaction(async (tx) => {
      const claim = await claims.get(id, tx, true);
      if (set.assigned_user_id) {
        const member = await tx.query(
          'select 1 from billing_company_users where billing_company_id = $1 and user_id = $2',
          [claim.billing_company_id, set.assigned_user_id],
        );
        if (!member.rows.length) throw invalid({ assigned_user_id: [problem('user_does_not_work_billing_company')] });
      }
      if (sub !== undefined) {
        await requireSubStatus(tx, Number(claim.billing_company_id), sub, Number(claim.status_id));
        await claims.transition(id, Number(claim.status_id), {
          tx,
          subStatusId: sub,
          note: historyNote('subStatusFromWorklist'),
        });
      }
      const keys = Object.keys(set);
      if (keys.length) {
        await tx.query(`update claims set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id = $1`, [
          id,
          ...keys.map((k) => set[k]),
        ]);
        await writeAuditMany(tx, actor, {
          entity: 'claim',
          event: 'updated',
          rows: [
            {
              entityId: id,
              billingCompanyId: Number(claim.billing_company_id),
              oldValues: Object.fromEntries(keys.map((k) => [k, claim[k] ?? null])),
              newValues: set,
            },
          ],
        });
      }
    }),
  );
}
