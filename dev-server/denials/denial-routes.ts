import { entityOf, storeOf } from '../resources/store-of.ts';
import type { Actor } from '../security/actor.ts';
import { can } from '../security/actor.ts';
import { DomainError, invalidTexts, problem, invalid, forbidden } from '../../src/domain/errors/domain-error.ts';
import { findTransition, stateName, transitionSlug } from '../../src/platform/state-machine.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { addClaimNotes } from '../claims/claim-bulk.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { requireSubStatus } from '../claims/claim-status.ts';
import { isUsDate, usDateOf, usDateToIso } from '../../src/domain/formats.ts';
import type { EraContext } from '../payments/era-files.ts';
import { claimPayments } from '../payments/claim-payments-routes.ts';
import { denialWorklist } from './denial-worklist.ts';
import { denialRecord } from './denial-screen-routes.ts';
import { payerClaimNumbers } from './payer-claim-numbers.ts';
import { cancelRefile, refileClaim } from './refile.ts';
import { letterPdf } from './appeal-letter-pdf.ts';
import { fillAppeal, STANDARD_APPEAL } from '../../src/domain/denials/appeal-letter.ts';
import { adjustmentForPayer } from '../../src/domain/x12/code-meanings.ts';
import { formatCents } from '../../src/domain/money-input.ts';

const claimStore = (ctx: EraContext, actor: Actor) => storeOf(ctx, actor, 'claim');

/**
 * Records a denial follow-up (the tracking form) and its side effect, in one transaction: the claim's
 * status and sub-status change with the tracking note in its history (the note linked to the tracking),
 * and the claim's follow-up date and department are the tracking's. Contacting the patient names how.
 */
async function recordTracking(ctx: EraContext, actor: Actor, body: Record<string, unknown>, locale: 'en' | 'es') {
  const entity = entityOf(ctx, 'denial-tracking');
  const w = entityWriter(entity);
  const values = w.writable(body);
  const problems = w.problems(values, locale);
  if (values.is_contact_to_patient === true && !values.contact_through)
    (problems.contact_through ??= []).push('Say how the patient was contacted.');
  if (Object.keys(problems).length) throw invalidTexts(problems);
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
async function bulkUpdate(ctx: EraContext, actor: Actor, body: Record<string, unknown>) {
  const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
  if (!ids.length || ids.length > 500 || ids.some((x) => !Number.isSafeInteger(x) || x < 1))
    throw invalid({ ids: [problem('ids_list_claim_ids_most_500')] });
  const set: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  if (body.assigned_user_id !== undefined) {
    if (
      body.assigned_user_id === null ||
      (Number.isSafeInteger(Number(body.assigned_user_id)) && Number(body.assigned_user_id) > 0)
    )
      set.assigned_user_id = body.assigned_user_id === null ? null : Number(body.assigned_user_id);
    else errors.assigned_user_id = ['The user must be an id.'];
  }
  if (body.follow_up_date !== undefined) {
    if (body.follow_up_date === null || (typeof body.follow_up_date === 'string' && isUsDate(body.follow_up_date)))
      set.follow_up_date = body.follow_up_date === null ? null : usDateToIso(body.follow_up_date as string);
    else errors.follow_up_date = ['The date must be mm/dd/yyyy.'];
  }
  if (body.department_responsibility_id !== undefined) {
    if (body.department_responsibility_id === null || [1, 2, 3].includes(Number(body.department_responsibility_id)))
      set.department_responsibility_id =
        body.department_responsibility_id === null ? null : Number(body.department_responsibility_id);
    else errors.department_responsibility_id = ['The selected department responsible is invalid.'];
  }
  const sub = body.sub_status_id === undefined ? undefined : Number(body.sub_status_id);
  if (sub !== undefined && (!Number.isSafeInteger(sub) || sub < 1))
    errors.sub_status_id = ['The selected sub-status is invalid.'];
  if (!Object.keys(set).length && sub === undefined && !Object.keys(errors).length)
    errors._ = ['Say what to change: assigned user, follow-up date, department or sub-status.'];
  if (Object.keys(errors).length) throw invalidTexts(errors);
  const out: Array<{ id: number; updated: boolean; error?: string }> = [];
  const claims = claimStore(ctx, actor);
  for (const id of ids) {
    try {
      await ctx.db.transaction(async (tx) => {
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
            note: 'Sub-status changed from the denial worklist',
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
      });
      out.push({ id, updated: true });
    } catch (e) {
      const err = e as { message?: string; errors?: Record<string, string[]>; code?: string };
      out.push({
        id,
        updated: false,
        error:
          Object.values(err.errors ?? {}).flat()[0] ??
          (err.code === 'not_found' ? 'The claim was not found.' : (err.message ?? String(e))),
      });
    }
  }
  return { updated: out.filter((o) => o.updated).length, failed: out.filter((o) => !o.updated), results: out };
}

/** Denial management at static paths (before the generic router takes /denial/{id}). */
export const denialLookupRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/denial/get-all-server',
    permission: 'denial.view',
    summary:
      'The denial worklist: transmitted claims, Rejected and Denied by default (?status_id=5,6), by ?sub_status_id, ?insurance_company_id, ?carc (50 or CO-50), ?rarc (N130), ?age_min/?age_max (days since denied), ?amount_min/?amount_max (cents), ?follow_up_from/?follow_up_to, ?department_responsibility_id, ?assigned_user_id, ?query; ?sortBy=worth (default, most money first)|age|denied_at|follow_up_date|date_of_service; paged',
    async handle(ctx, req, actor) {
      return denialWorklist(ctx.db, actor, req.query as Record<string, unknown>);
    },
  },
  {
    method: 'get',
    path: '/denial/refile-reasons',
    permission: 'denial.view',
    summary: 'Why a claim is refiled [{id, code, name}]',
    async handle(_c, _r, _a, res) {
      return codeListFile('refile-reasons').map((i) => ({
        id: i.id,
        code: i.code,
        name: res.locals.locale === 'es' && i.name_es ? i.name_es : i.name,
      }));
    },
  },
  {
    method: 'post',
    path: '/denial',
    permission: 'denial.tracking.claim',
    status: 201,
    summary:
      "Records a denial follow-up (the tracking form: claim_id, claim_number, interface_type, is_reprocess_claim, is_contact_to_patient, contact_through when the patient was contacted, rep_name, ref_number, claim_status, claim_sub_status, tracking_date, resolution_time, past_due_date, follow_up, department_responsible, policy_responsible, tracking_note, response_details): the claim's status and sub-status change with the note in its history",
    async handle(ctx, req, actor, res) {
      return recordTracking(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/denial/tracking',
    permission: 'denial.tracking.claim',
    status: 201,
    summary: "The same as POST /denial: a denial follow-up recorded (the tracking resource's own path)",
    async handle(ctx, req, actor, res) {
      return recordTracking(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/denial/refile',
    permission: 'denial.refile',
    status: 201,
    summary:
      "Refiles a claim the payer answered ({claim_id, refile_type: 1 secondary | 2 corrected | 3 other reason | 4 crossover | 5 void, refile_reason, policy_id?, original_claim_id?, transmission_type, is_cross_over, cross_over_date, note}): a pending refile is cancelled, the claim set up for its 837 (secondary payer with the primary's adjudication, frequency 7 or 8 with REF F8) and back to Not submitted",
    async handle(ctx, req, actor, res) {
      return refileClaim(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/denial/bulk',
    permission: 'denial.edit',
    summary:
      'Changes many claims of the worklist at once ({ids, assigned_user_id?, follow_up_date?, department_responsibility_id?, sub_status_id?}): how many changed, and for each that did not, why',
    async handle(ctx, req, actor) {
      return bulkUpdate(ctx, actor, bodyObject(req));
    },
  },
];

/** A denied claim's own calls. */
export const denialRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'put',
    path: '/denial/refile/{id}',
    permission: 'denial.edit',
    summary: 'A refile is not edited: it is cancelled while waiting, and the claim refiled again',
    async handle(ctx, req, actor) {
      await storeOf(ctx, actor, 'claim-refile').get(idParam(req));
      throw invalid({ id: [problem('refile_not_changed_cancel_while_waits')] });
    },
  },
  {
    method: 'delete',
    path: '/denial/refile/{id}',
    permission: 'denial.refile',
    summary: 'Cancels a refile not yet transmitted',
    async handle(ctx, req, actor) {
      return cancelRefile(ctx, actor, idParam(req));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}',
    permission: 'denial.show',
    summary:
      'A claim as the denial screen shows it: its denial (when, codes), follow-up, assignment, the payer claim numbers, the follow-ups recorded, newest first',
    async handle(ctx, req, actor) {
      const claim = await claimStore(ctx, actor).get(idParam(req));
      const trackings = (
        await ctx.db.query<Row>(
          `select t.*, to_char(t.tracking_date, 'MM/DD/YYYY') as tracking_date, to_char(t.follow_up, 'MM/DD/YYYY') as follow_up from denial_trackings t where t.claim_id = $1 order by t.id desc`,
          [claim.id],
        )
      ).rows;
      return { ...claim, ...(await denialRecord(ctx, actor, Number(claim.id))), trackings };
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/appeal-letter',
    permission: 'claim.generateappeal',
    raw: true,
    summary:
      "An appeal letter for a denied claim as a PDF: the billing company's template (or the standard letter) with the claim, the denial codes in plain words and the follow-ups recorded",
    async handle(ctx, req, actor, res) {
      const claim = await claimStore(ctx, actor).get(idParam(req));
      const facts = (
        await ctx.db.query<Record<string, string | null>>(
          `select b.name as billing_company, b.appeal_template, i.name as payer, p.policy_number as member_id, pt.first_name || ' ' || pt.last_name as patient,
                co.name as provider, co.npi as provider_npi, coalesce(co.tax_id, co.ein) as provider_tax_id
           from claims c join billing_companies b on b.id = c.billing_company_id join patients pt on pt.id = c.patient_id left join companies co on co.id = c.company_id
           left join insurance_policies p on p.id = (c.insurance_policy_ids->>0)::bigint left join insurance_companies i on i.id = p.insurance_company_id where c.id = $1`,
          [claim.id],
        )
      ).rows[0];
      const notes = (
        await ctx.db.query<{ line: string }>(
          `select to_char(tracking_date, 'MM/DD/YYYY') || ', ' || interface_type || ' with ' || rep_name || coalesce(' (ref. ' || ref_number || ')', '') || coalesce(': ' || tracking_note, '') as line
           from denial_trackings where claim_id = $1 order by tracking_date, id`,
          [claim.id],
        )
      ).rows.map((r) => `- ${r.line}`);
      // Written to the payer: each code with its reason, never our own notes on who owes it.
      const codes = ((claim.denial_codes as string[] | null) ?? []).map(
        (c) => `- ${adjustmentForPayer(c.split('-')[0], c.split('-')[1] ?? c)}`,
      );
      const locale = res.locals.locale === 'es' ? 'es' : 'en';
      const text = fillAppeal(facts.appeal_template?.trim() || STANDARD_APPEAL[locale], {
        today: usDateOf(),
        billing_company: facts.billing_company ?? '',
        payer: facts.payer ?? '',
        patient: facts.patient ?? String(claim.patient_name ?? ''),
        member_id: facts.member_id ?? '',
        claim: String(claim.code),
        payer_claim_number: (await payerClaimNumbers(ctx.db, Number(claim.id)))[0] ?? '',
        date_of_service: String(claim.date_of_service ?? ''),
        billed: formatCents(Number(claim.billed_amount ?? 0)),
        denial_codes: codes.join('\n') || '-',
        tracking_notes: notes.join('\n') || '-',
        provider: facts.provider ?? '',
        provider_npi: facts.provider_npi ?? '',
        provider_tax_id: facts.provider_tax_id ?? '',
      });
      res
        .type('application/pdf')
        .setHeader('Content-Disposition', `inline; filename="appeal-${String(claim.code)}.pdf"`);
      res.send(Buffer.from(letterPdf(text)));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/insurance-claim-numbers',
    permission: 'denial.show',
    summary: 'The claim numbers the payers gave the claim, newest first',
    async handle(ctx, req, actor) {
      return payerClaimNumbers(ctx.db, Number((await claimStore(ctx, actor).get(idParam(req))).id));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/payments',
    permission: 'denial.show',
    summary: "What was paid on the claim: postings, reversals, totals (the claim's Payments and EOBs)",
    async handle(ctx, req, actor) {
      return claimPayments(ctx, Number((await claimStore(ctx, actor).get(idParam(req))).id));
    },
  },
  {
    method: 'get',
    path: '/denial/{id}/eobs',
    permission: ['denial.eob', 'denial.show'],
    summary: "The EOB files of the claim's payments",
    async handle(ctx, req, actor) {
      return (await claimPayments(ctx, Number((await claimStore(ctx, actor).get(idParam(req))).id))).eobs;
    },
  },
];
