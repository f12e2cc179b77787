import { historyNote } from '../../src/domain/history-notes.ts';
import type { Request, Response } from 'express';
import { json, record, file, message } from '../http/answers.ts';
import type { Actor } from '../security/actor.ts';
import { bodyObject, editedVersion, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { idList } from '../resources/store-of.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { allowedNext, stateById } from '../../src/platform/state-machine.ts';
import { ClaimService, type ClaimContext } from './claim-service.ts';
import { changeClaimStatus } from './claim-status.ts';
import { claimView } from './claim-view.ts';
import { stateListItem } from '../resources/state-routes.ts';
import { addClaimNote, claimNotes } from './claim-notes.ts';
import { claimFormsPdf } from '../paper/claim-forms.ts';
import { formQuery } from '../paper/form-query.ts';
import { claimPreviewPdf } from './claim-preview.ts';
import { eligibility } from './claim-eligibility.ts';
import { claimListRoutes } from './claim-list-routes.ts';

const service = (ctx: ClaimContext, actor: Actor) => new ClaimService(ctx, actor);
const EDIT = ['claim.create', 'claim.edit'];

/** The claim as the claim screen reads it: record, lines, status object, breadcrumb, history and notes. */
/** A claim as its screen shows it; opened by a person (read), the read is recorded: a claim is PHI. */
async function shown(ctx: ClaimContext, actor: Actor, id: number, res: Response, read = false) {
  const claims = service(ctx, actor);
  const view = await claimView(ctx.db, claims.entity, await claims.read(id), res.locals.locale);
  if (read) await claims.store.recordRead(view);
  return view;
}

async function saved(ctx: ClaimContext, actor: Actor, res: Response, row: { id: number; warnings?: unknown }) {
  const view = await shown(ctx, actor, row.id, res);
  return row.warnings ? { ...view, warnings: row.warnings } : view;
}

/** The body of a save: a draft route makes it a draft whatever the body says. */
const bodyFor = (req: Request, draft?: boolean) => {
  const body = bodyObject(req);
  delete body.version;
  if (draft !== undefined) body.draft = draft;
  return body;
};

export const claimRoutes: GuardedRoute<ClaimContext>[] = [
  ...claimListRoutes,
  {
    method: 'get',
    path: '/claim/get-list-status',
    answers: json([{ id: 'integer', name: 'string', background_color: 'string', font_color: 'string' }]),
    permission: 'claim.view',
    summary:
      'Claim statuses [{id, name, background_color}]; with ?current_id the statuses a person may move that claim status to, the current one included; ?type=denial those of a transmitted claim',
    async handle(ctx, req, actor, res) {
      const claims = service(ctx, actor);
      const m = claims.entity.states!;
      const item = (id: number) => stateListItem(m, id, res.locals.locale);
      // The denial screens offer the statuses of a claim the payer has (transmitted: Submitted onwards).
      if (req.query.type === 'denial') return m.states.filter((s) => s.id >= 3).map((s) => item(s.id));
      if (req.query.current_id === undefined) return m.states.map((s) => item(s.id));
      const current = Number(req.query.current_id);
      if (!stateById(m, current)) throw invalid({ current_id: [problem('selected_current_id_invalid')] });
      return [...allowedNext('claim', m, current, actor.permissions).map((s) => s.id), current].map(item);
    },
  },
  {
    method: 'post',
    path: '/claim/verify',
    answers: json({
      verified: 'integer',
      failed: 'integer',
      results: [{ id: 'integer', code: 'string', verified: 'boolean', errors: 'object', warnings: 'object' }],
    }),
    permission: EDIT,
    summary:
      'Verifies claims by ids ({ids}): every finding of each claim at once; a claim that passes is marked verified and a draft becomes Not submitted',
    async handle(ctx, req, actor, res) {
      const ids = idList(bodyObject(req).ids);
      if (!ids?.length || ids.length > 1000) throw invalid({ ids: [problem('ids_field_list_between_1_1000')] });
      const results = await service(ctx, actor).verify(ids, res.locals.locale);
      return {
        verified: results.filter((r) => r.verified).length,
        failed: results.filter((r) => !r.verified).length,
        results,
      };
    },
  },
  {
    method: 'post',
    path: '/claim/verify-register',
    answers: json(record('claim')),
    permission: 'claim.create',
    status: 201,
    summary:
      'Creates a claim and verifies it in one step (spec rules, 837 rules and claim rules): 422 with every finding, nothing written, when it does not pass',
    async handle(ctx, req, actor, res) {
      return saved(
        ctx,
        actor,
        res,
        await service(ctx, actor).save(bodyFor(req, false), {
          locale: res.locals.locale,
          verify: true,
          note: historyNote('manualVerification'),
        }),
      );
    },
  },
  {
    method: 'put',
    path: '/claim/verify-register/{id}',
    answers: json(record('claim')),
    permission: EDIT,
    summary:
      'Verifies a stored claim (with the edits in the body, if any) and registers it as Not submitted; 422 with every finding when it does not pass',
    async handle(ctx, req, actor, res) {
      const id = idParam(req);
      const body = bodyFor(req, false);
      const claims = service(ctx, actor);
      const version = editedVersion(req) ?? Number((await claims.read(id)).version);
      return saved(
        ctx,
        actor,
        res,
        await claims.save(body, {
          id,
          version,
          locale: res.locals.locale,
          verify: true,
          note: historyNote('manualVerification'),
        }),
      );
    },
  },
  {
    method: 'post',
    path: '/claim/draft',
    answers: json(record('claim')),
    permission: 'claim.create',
    status: 201,
    summary: 'Saves a new claim as a draft (only what would make it wrong is checked)',
    async handle(ctx, req, actor, res) {
      return saved(ctx, actor, res, await service(ctx, actor).save(bodyFor(req, true), { locale: res.locals.locale }));
    },
  },
  {
    method: 'put',
    path: '/claim/draft/{id}',
    answers: json(record('claim')),
    permission: EDIT,
    summary: 'Updates a claim as a draft (it goes back to Draft)',
    async handle(ctx, req, actor, res) {
      return saved(
        ctx,
        actor,
        res,
        await service(ctx, actor).save(bodyFor(req, true), {
          id: idParam(req),
          version: editedVersion(req, true),
          locale: res.locals.locale,
        }),
      );
    },
  },
  {
    method: 'post',
    path: '/claim/check-eligibility',
    answers: json([
      {
        insurance_policy_id: 'integer',
        policy_number: 'string',
        payer: 'string',
        type_responsibility_id: 'integer',
        eligibility: 'string',
      },
    ]),
    permission: 'claim.view',
    summary:
      "Whether the patient's policies are in force on a date ({patient_id, date_of_service?, insurance_policy_ids?}): Eligible policy, Ineligible policy or Unknown",
    async handle(ctx, req, actor) {
      return eligibility(ctx, actor, bodyObject(req));
    },
  },
  {
    method: 'get',
    path: '/claim/show-claim-form/{id}',
    phi: { entity: 'claim', view: 'claim_form' },
    answers: file(['application/pdf']),
    permission: ['claim.print', 'claim.preview'],
    raw: true,
    summary:
      'The claim on its paper form (CMS-1500 or UB-04) as a PDF: ?mode=data (pre-printed red form, the default) or full (plain paper), ?left=&top= offsets in points',
    async handle(ctx, req, actor, res) {
      const claim = await shown(ctx, actor, idParam(req), res);
      const { mode, offsets } = formQuery(req);
      const { form, pdf } = await claimFormsPdf({
        db: ctx.db,
        bc: Number(claim.billing_company_id),
        ids: [Number(claim.id)],
        mode,
        offsets,
      });
      res
        .type('application/pdf')
        .setHeader('Content-Disposition', `inline; filename="claim-${String(claim.code ?? claim.id)}-${form}.pdf"`);
      res.send(Buffer.from(pdf));
    },
  },
  {
    method: 'post',
    path: '/claim/show-claim-preview',
    answers: file(['application/pdf']),
    permission: ['claim.preview', 'claim.show'],
    raw: true,
    summary: 'The claim printed as a PDF ({id})',
    async handle(ctx, req, actor, res) {
      const id = Number(bodyObject(req).id);
      if (!Number.isSafeInteger(id) || id < 1) throw invalid({ id: [problem('id_field_required')] });
      const claim = await shown(ctx, actor, id, res);
      const pdf = await claimPreviewPdf(ctx.db, claim, res.locals.locale);
      res
        .type('application/pdf')
        .setHeader('Content-Disposition', `inline; filename="claim-${String(claim.code ?? id)}.pdf"`);
      res.send(Buffer.from(pdf));
    },
  },
  {
    method: 'patch',
    path: '/claim/change-status/{id}',
    answers: json(record('claim')),
    permission: 'claim.status',
    summary:
      'Moves a claim to another status with a sub-status and a note ({status_id, sub_status_id?, note}); the status table is enforced',
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      await changeClaimStatus(service(ctx, actor), idParam(req), {
        status_id: body.status_id ?? body.status,
        sub_status_id: body.sub_status_id,
        note: body.note ?? body.private_note,
        version: editedVersion(req),
      });
      return shown(ctx, actor, idParam(req), res);
    },
  },
  {
    method: 'patch',
    path: '/claim/{id}/transition',
    answers: json(record('claim')),
    permission: 'claim.status',
    summary: 'The state machine route of the claim: the same as change-status',
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      await changeClaimStatus(service(ctx, actor), idParam(req), {
        status_id: body.to ?? body.status_id,
        sub_status_id: body.sub_status_id,
        note: body.note,
        version: editedVersion(req),
      });
      return shown(ctx, actor, idParam(req), res);
    },
  },
  ...(['note', 'tracking', 'check_status'] as const).map(
    (kind): GuardedRoute<ClaimContext> => ({
      method: 'patch',
      path: {
        note: '/claim/add-note-current-status/{id}',
        tracking: '/claim/add-tracking-claim/{id}',
        check_status: '/claim/add-check-status-claim/{id}',
      }[kind],
      answers: json(record('claim')),
      permission: kind === 'note' ? 'claim.status' : EDIT,
      summary: {
        note: 'Adds a note to the current status ({note})',
        tracking:
          'Adds a tracking entry (a call, a web portal visit, an e-mail: {interface_type, rep_name?, ref_number?, tracking_date?, follow_up?, note})',
        check_status: "Records a check of the claim's status with its payer ({response, check_date?, note?})",
      }[kind],
      async handle(ctx, req, actor, res) {
        const claims = service(ctx, actor);
        await addClaimNote({ claims, actor, id: idParam(req), kind, body: bodyObject(req) });
        return shown(ctx, actor, idParam(req), res);
      },
    }),
  ),
  {
    method: 'get',
    path: '/claim/get-check-status/{id}',
    phi: { entity: 'claim', view: 'status_checks' },
    answers: json([
      {
        id: 'integer',
        kind: 'string',
        status_id: 'integer',
        note: 'any',
        details: { response: 'string', check_date: 'string' },
        created_at: 'string',
        user_name: 'string',
      },
    ]),
    permission: 'claim.show',
    summary: "The claim's recorded status checks, newest first",
    async handle(ctx, req, actor, res) {
      const claim = await service(ctx, actor).store.get(idParam(req));
      return (await claimNotes(ctx.db, claim, res.locals.locale, 'check_status')).reverse();
    },
  },
  {
    method: 'post',
    path: '/claim',
    answers: json(record('claim')),
    permission: 'claim.create',
    status: 201,
    summary:
      'Creates a claim with its service lines ({draft: true} keeps it a draft; otherwise document 3 §5 must hold and it becomes Not submitted)',
    async handle(ctx, req, actor, res) {
      return saved(ctx, actor, res, await service(ctx, actor).save(bodyFor(req), { locale: res.locals.locale }));
    },
  },
  {
    method: 'get',
    path: '/claim/{id}',
    phi: 'recorded',
    answers: json(record('claim')),
    permission: 'claim.show',
    summary:
      'A claim with its lines, status (sub-status, allowed sub-statuses), status_map breadcrumb, status history and notes',
    async handle(ctx, req, actor, res) {
      return shown(ctx, actor, idParam(req), res, true);
    },
  },
  {
    method: 'put',
    path: '/claim/{id}',
    answers: json(record('claim')),
    permission: 'claim.edit',
    summary:
      'Updates a claim and its lines (the version edited is required); Draft, Not submitted and Rejected claims only',
    async handle(ctx, req, actor, res) {
      return saved(
        ctx,
        actor,
        res,
        await service(ctx, actor).save(bodyFor(req), {
          id: idParam(req),
          version: editedVersion(req, true),
          locale: res.locals.locale,
        }),
      );
    },
  },
  {
    method: 'delete',
    path: '/claim/{id}',
    answers: message(),
    permission: 'claim.delete',
    summary: 'Deletes a draft or not-submitted claim with its lines',
    async handle(ctx, req, actor) {
      await service(ctx, actor).remove(idParam(req), editedVersion(req));
      return { message: 'Deleted.' };
    },
  },
];
