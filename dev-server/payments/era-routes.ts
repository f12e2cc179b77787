import { isImbalance } from '../../src/domain/x12/x12-finding.ts';
import { translate } from '../i18n/locale.ts';
import { storeOf } from '../resources/store-of.ts';
import { json, record, file } from '../http/answers.ts';
import { DomainError, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { Row } from '../resources/resource-store.ts';
import { sendStoredFile } from '../files/file-routes.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { eraPayment, postEra, reconciliation } from './era-posting.ts';
import type { EraContext } from './era-files.ts';
import { describeAdjustment } from '../../src/domain/x12/code-meanings.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';
import { eraPreviewPdf, eraReconciliationPdf } from './era-report.ts';
import { claimsByControl } from '../claims/claims-by-control.ts';
import { eraExceptions, receiveRemittances, workBatchException } from './era-intake.ts';

export interface EraRouteContext extends EraContext {
  files: FileStore;
  jobs?: JobQueue;
}

const eraStore = (ctx: EraRouteContext, actor: Parameters<GuardedRoute<EraRouteContext>['handle']>[2]) =>
  storeOf(ctx, actor, 'era-file');
const idsOf = (v: unknown, field: string) => {
  const ids = Array.isArray(v) ? v : [v];
  if (!ids.length || ids.some((x) => !Number.isSafeInteger(Number(x)) || Number(x) < 1))
    throw invalid({ [field]: [problem('field_list_of_ids', { field })] });
  return ids.map(Number);
};

/** An exception's work as its form sends it: the exception, and the claim to post to (an id) or how it was resolved. */
function exceptionWork(body: Record<string, unknown>) {
  const claimId =
    body.claim_id === undefined || body.claim_id === null || body.claim_id === '' ? undefined : Number(body.claim_id);
  if (claimId !== undefined && (!Number.isSafeInteger(claimId) || claimId < 1))
    throw invalid({ claim_id: [problem('claim_id_id')] });
  return {
    exceptionId: Number(body.exception_id ?? body.id),
    claimId,
    resolution: typeof body.resolution === 'string' ? body.resolution : undefined,
  };
}

/** ERA files at static paths (before the generic router, so /payments/eras/{id} does not take them). */
export const eraLookupRoutes: GuardedRoute<EraRouteContext>[] = [
  {
    method: 'get',
    path: '/payments/eras/archive',
    answers: json({
      data: [record('era_file')],
      numberOfPages: 'integer',
      count: 'integer',
      sums: { payment_amount: 'integer', posted_amount: 'integer' },
    }),
    permission: 'payment.view',
    summary: 'The archived ERA files, newest first',
    async handle(ctx, req, actor) {
      return eraStore(ctx, actor).list({
        ...(req.query as Record<string, string>),
        status: 'archived',
        sortBy: 'id',
        sortDesc: 'true',
      });
    },
  },
  {
    method: 'post',
    path: '/payments/eras/sync',
    answers: json({
      received: [
        {
          file: 'string',
          result: 'string',
          message: 'string',
          'eras?': [
            {
              id: 'integer',
              payer_name: 'string',
              trace_number: 'string',
              payment_amount: 'integer',
              claims: 'integer',
              status: 'string',
              hold_reason: 'string?',
            },
          ],
        },
      ],
    }),
    permission: 'payment.create',
    summary:
      'Takes in ERA files: the one just uploaded ({file_id}: in this request, answered with the payments it became), one given as {content, name}, or else the uploads not yet registered; each payment becomes an ERA to post (a trace already received is not registered twice)',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const bc = actor.crossTenant ? Number(body.billing_company_id) : actor.billingCompanyIds[0];
      if (!Number.isSafeInteger(bc) || bc < 1 || (!actor.crossTenant && !actor.billingCompanyIds.includes(bc)))
        throw invalid({ billing_company_id: [problem('billing_company_required')] });
      return receiveRemittances(ctx, actor, bc, body);
    },
  },
  {
    method: 'post',
    path: '/payments/eras/process',
    answers: json({
      'era_file_id?': 'integer',
      'already?': 'boolean',
      'payment_batch_id?': 'integer',
      'posted_claims?': 'integer',
      'exceptions?': 'integer',
      'posted_amount?': 'integer',
      'provider_adjustments?': 'integer',
      'id?': 'integer',
      'kind?': 'string',
      'state?': 'string',
    }),
    permission: 'payment.create',
    summary:
      'Posts an ERA into a payment batch ({id}): as a job with progress when the server runs jobs; the same ERA twice posts once',
    async handle(ctx, req, actor) {
      const id = Number(bodyObject(req).id);
      if (!Number.isSafeInteger(id) || id < 1) throw invalid({ id: [problem('id_field_required')] });
      const era = await eraStore(ctx, actor).get(id);
      if (ctx.jobs)
        return ctx.jobs.enqueue({
          actor,
          kind: 'era-post',
          input: { era_file_id: id },
          billingCompanyId: Number(era.billing_company_id),
        });
      return postEra(ctx, actor, id);
    },
  },
  {
    method: 'post',
    path: '/payments/eras',
    answers: json([record('era_file')]),
    permission: 'payment.edit',
    summary: 'Archives or restores ERA files ({action: archive|restore, ids})',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      if (body.action !== 'archive' && body.action !== 'restore')
        throw invalid({ action: [problem('action_archive_restore')] });
      const store = eraStore(ctx, actor);
      const ids = idsOf(body.ids, 'ids');
      return ctx.db.transaction(async (tx) => {
        const out = [];
        for (const id of ids) {
          const era = await store.get(id, tx, true);
          out.push(
            body.action === 'archive'
              ? era.status === 'archived'
                ? era
                : await store.applyUpdate(tx, era, { status: 'archived', previous_status: era.status }, 'updated')
              : era.status !== 'archived'
                ? era
                : await store.applyUpdate(
                    tx,
                    era,
                    { status: era.previous_status ?? 'new', previous_status: null },
                    'updated',
                  ),
          );
        }
        return out;
      });
    },
  },
];

/** The payment of an ERA row, read from its file. */
async function remittanceOf(
  ctx: EraRouteContext,
  actor: Parameters<GuardedRoute<EraRouteContext>['handle']>[2],
  era: Record<string, unknown>,
) {
  const found = await eraPayment(ctx.files, actor, era as Row);
  if (!found) throw new DomainError('not_found');
  return found;
}

/** Which of these claim numbers are ours (by claim number or patient account), in one query. */
const ourControls = async (ctx: EraRouteContext, bc: number, controls: string[]) =>
  new Set((await claimsByControl(ctx.db, bc, controls)).keys());

/** ERA calls at {id} paths (after the generic show). */
export const eraRoutes: GuardedRoute<EraRouteContext>[] = [
  {
    method: 'get',
    path: '/payments/eras/check/{id}',
    phi: { entity: 'era_file', view: 'check' },
    answers: json({
      era_file_id: 'integer',
      payer: { name: 'string', 'id?': 'any' },
      payee: { name: 'string', 'npi?': 'string?', 'taxId?': 'string?' },
      payment: {
        handling: 'string',
        amount: 'integer',
        creditDebit: 'string',
        method: 'string',
        'date?': 'any',
        position: 'integer',
      },
      trace: { type: 'string', number: 'string', originator: 'string' },
      balanced: 'boolean',
      findings: [{ severity: 'string', message: 'string', position: 'integer' }],
      provider_adjustments: ['any'],
      claims: [
        {
          patient_control_number: 'string',
          found: 'boolean',
          status: 'string',
          charge: 'integer',
          paid: 'integer',
          'patient_responsibility?': 'integer',
          'payer_claim_number?': 'string',
          'patient?': 'object',
          adjustments: ['object'],
          lines: ['object'],
        },
      ],
    }),
    permission: 'payment.view',
    summary:
      'An ERA previewed before posting: payer, payee, check/EFT, each claim and line with its adjustments in plain words, whether our claim is found, and the balance verdict at each level',
    async handle(ctx, req, actor, res) {
      const era = await eraStore(ctx, actor).get(idParam(req));
      const found = await remittanceOf(ctx, actor, era);
      const r = found.remittance;
      const ours = await ourControls(
        ctx,
        Number(era.billing_company_id),
        r.claims.map((c) => c.patientControlNumber),
      );
      const explain = (a: Array<{ group: string; reason: string; amount: number }>) =>
        a.map((x) => ({ ...x, meaning: describeAdjustment(x.group, x.reason, res.locals.locale) }));
      return {
        era_file_id: era.id,
        payer: r.payer,
        payee: r.payee,
        payment: r.payment,
        trace: r.trace,
        balanced: !found.findings.some(isImbalance),
        findings: found.findings.map((f) => ({ ...f, message: translate(f.message, res.locals.locale) })),
        provider_adjustments: r.providerAdjustments,
        claims: r.claims.map((c) => ({
          patient_control_number: c.patientControlNumber,
          found: ours.has(c.patientControlNumber),
          status: c.status,
          charge: c.charge,
          paid: c.paid,
          patient_responsibility: c.patientResponsibility,
          payer_claim_number: c.payerControlNumber,
          patient: c.patient,
          adjustments: explain(c.adjustments),
          lines: c.lines.map((l) => ({
            procedure: l.procedure,
            revenue_code: l.revenueCode,
            charge: l.charge,
            paid: l.paid,
            allowed: l.allowed,
            adjustments: explain(l.adjustments),
            dates: l.dates.map((d) => ({ ...d, date: d.date && isoToUsDate(d.date) })),
          })),
        })),
      };
    },
  },
  {
    method: 'get',
    path: '/payments/eras/{id}/fetch',
    phi: { entity: 'era_file', view: 'content' },
    answers: file(['text/plain', 'application/octet-stream']),
    permission: 'payment.view',
    raw: true,
    summary: "An ERA's file as it came",
    async handle(ctx, req, actor, res) {
      const era = await eraStore(ctx, actor).get(idParam(req));
      await sendStoredFile(ctx.files, await ctx.files.get(actor, Number(era.file_id)), res);
    },
  },
  {
    method: 'get',
    path: '/payments/eras/{id}/preview',
    phi: { entity: 'era_file', view: 'preview' },
    answers: file(['application/pdf']),
    permission: 'payment.view',
    raw: true,
    summary:
      'The ERA preview as a PDF: each claim and line, adjustments in plain words, our claim found or not, the balance verdict',
    async handle(ctx, req, actor, res) {
      const era = await eraStore(ctx, actor).get(idParam(req));
      const { remittance: r, findings } = await remittanceOf(ctx, actor, era);
      const ours = await ourControls(
        ctx,
        Number(era.billing_company_id),
        r.claims.map((c) => c.patientControlNumber),
      );
      const unbalanced = findings.filter(isImbalance).map((x) => translate(x.message, res.locals.locale));
      res
        .type('application/pdf')
        .setHeader('Content-Disposition', `inline; filename="era-${String(era.trace_number)}.pdf"`);
      res.send(
        Buffer.from(
          eraPreviewPdf({
            r,
            found: ours,
            balanced: !unbalanced.length,
            findings: unbalanced,
            locale: res.locals.locale,
          }),
        ),
      );
    },
  },
  {
    method: 'get',
    path: '/payments/eras/{id}/reconciliation-report',
    phi: { entity: 'era_file', view: 'reconciliation_report' },
    answers: file(['application/pdf']),
    permission: 'payment.view',
    raw: true,
    summary: 'The reconciliation of an ERA as a PDF, with its exceptions',
    async handle(ctx, req, actor, res) {
      const era = await eraStore(ctx, actor).get(idParam(req));
      const { remittance: r } = await remittanceOf(ctx, actor, era);
      const exceptions = await eraExceptions(ctx.db, Number(era.id));
      res
        .type('application/pdf')
        .setHeader('Content-Disposition', `inline; filename="era-${String(era.trace_number)}-reconciliation.pdf"`);
      res.send(Buffer.from(eraReconciliationPdf(r, await reconciliation(ctx.db, era), exceptions, res.locals.locale)));
    },
  },
  {
    method: 'get',
    path: '/payments/eras/{id}/reconciliation',
    answers: json({
      era_file_id: 'integer',
      payment_amount: 'integer',
      posted_claim_payments: 'integer',
      provider_adjustments: 'integer',
      claim_payments_in_exceptions: 'integer',
      open_exceptions: 'integer',
      difference: 'integer',
      balanced: 'boolean',
      explanation: 'string',
    }),
    permission: 'payment.view',
    summary:
      'The ERA proven against what was posted: BPR02 = claims paid − provider adjustments, to the cent, or the difference and where it is',
    async handle(ctx, req, actor) {
      return reconciliation(ctx.db, await eraStore(ctx, actor).get(idParam(req)));
    },
  },
  {
    method: 'put',
    path: '/payments/batch/{id}/era-errors',
    answers: json(record('era_exception')),
    permission: 'payment.edit',
    summary:
      'Works an ERA exception of this batch ({exception_id, claim_id?, resolution?}): naming the claim posts the remitted claim to it; otherwise the note says how it was resolved',
    handle: (ctx, req, actor) => workBatchException(ctx, actor, idParam(req), exceptionWork(bodyObject(req))),
  },
];
