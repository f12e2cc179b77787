import { storeOf } from '../resources/store-of.ts';
import { json, record, idNames, file, message, page, type Shape } from '../http/answers.ts';
import { bodyObject, editedVersion, idParam, optionalIds, type GuardedRoute } from '../http/guarded-routes.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { type ListParams } from '../resources/resource-store.ts';
import { withStatusTotals } from './batch-totals.ts';
import { BatchService, type BatchContext } from './batch-service.ts';
import { batchReportPdf } from './batch-report.ts';
import { receiveFile } from '../exchange/receive-file.ts';
import { claimFormsPdf } from '../paper/claim-forms.ts';
import { formQuery } from '../paper/form-query.ts';
import { stateListItem } from '../resources/state-routes.ts';
import { isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { batchAccounts, batchExchanges, batchWithClaims, submissionReport } from './batch-records.ts';

const optionalId = (v: unknown, field: string) => {
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(String(v)))
    throw invalid({ [field]: [problem('field_an_id', { field: field.replace(/_/g, ' ') })] });
  return Number(v);
};

/** The submission report's filter: a batch, and dates (mm/dd/yyyy) read as ISO. */
function submissionFilter(q: Record<string, unknown>) {
  const filter: { batchId?: number; from?: string; to?: string } = { batchId: optionalId(q.batch_id, 'batch_id') };
  for (const name of ['from', 'to'] as const) {
    const v = q[name];
    if (v === undefined || v === '') continue;
    if (typeof v !== 'string' || !isUsDate(v))
      throw invalid({ [name]: [problem('name_date_date_mm_dd_yyyy', { name })] });
    filter[name] = usDateToIso(v);
  }
  return filter;
}

/** Document 3 §7 "Batches": the calls beyond the generated list. */
/** A file exchanged with the clearing house: an 837 sent or refused, an acknowledgment applied, with its claim counts. */
const EXCHANGE = {
  id: 'integer',
  exchanged_at: 'string',
  direction: 'string',
  kind: 'string',
  name: 'string',
  size: 'integer',
  result: 'string',
  message: 'string?',
  claims_accepted: 'integer?',
  claims_rejected: 'integer?',
} satisfies Shape;

/** A claim a batch may carry: its number, patient, company, form, date of service and amount. */
const BATCHABLE_CLAIM = {
  id: 'integer',
  code: 'string',
  patient_id: 'integer',
  patient_name: 'string',
  company_id: 'integer',
  format_id: 'integer',
  date_of_service: 'string',
  billed_amount: 'integer',
  billing_company_id: 'integer',
  name: 'string',
} satisfies Shape;

export const batchRoutes: GuardedRoute<BatchContext>[] = [
  {
    method: 'get',
    path: '/claim/batch/get-all-server-claims',
    answers: json([BATCHABLE_CLAIM]),
    // Whoever reads a batch reads the names of its claims (?ids); choosing them is the batch form's.
    permission: ['claimbatch.view', 'claimbatch.create', 'claimbatch.edit'],
    summary:
      'Claims that may be batched: verified, Not submitted, in no batch still to be sent (?billing_company_id, ?company_id, ?query); ?ids: those claims, named, whatever their state',
    async handle(ctx, req, actor) {
      // record_id: the batch being edited (its own claims stay offered).
      return new BatchService(ctx, actor).batchable({
        ids: optionalIds(req.query.ids),
        billingCompanyId: optionalId(req.query.billing_company_id, 'billing_company_id'),
        companyId: optionalId(req.query.company_id, 'company_id'),
        query: typeof req.query.query === 'string' ? req.query.query : undefined,
        exceptBatch: optionalId(req.query.record_id, 'record_id'),
      });
    },
  },
  {
    method: 'get',
    path: '/claim/batch/get-all-server-claims/{id}',
    answers: json([BATCHABLE_CLAIM]),
    permission: ['claimbatch.create', 'claimbatch.edit'],
    summary: 'Claims that may go in this batch: its own and those that may be batched',
    async handle(ctx, req, actor) {
      const batches = new BatchService(ctx, actor);
      const batch = await batches.store.get(idParam(req));
      return batches.batchable({
        billingCompanyId: Number(batch.billing_company_id),
        companyId: Number(batch.company_id),
        exceptBatch: batch.id,
      });
    },
  },
  {
    method: 'get',
    path: '/claim/batch/clearing-house-accounts',
    answers: json(idNames),
    permission: ['claimbatch.create', 'claimbatch.edit'],
    summary:
      "The caller's clearing-house accounts a batch may go through [{id, name}] (people who batch need not manage clearing houses)",
    handle: (ctx, _req, actor) => batchAccounts(ctx.db, actor),
  },
  {
    method: 'get',
    path: '/claim/batch/status-submission',
    answers: json([{ id: 'integer', name: 'string', background_color: 'string', font_color: 'string' }]),
    permission: 'claimbatch.view',
    summary: 'The batch statuses [{id, name, background_color, font_color}]',
    async handle(ctx, _req, _actor, res) {
      const m = ctx.entities.find((e) => e.name === 'claim-batch')!.states!;
      return m.states.map((s) => stateListItem(m, s.id, res.locals.locale));
    },
  },
  {
    method: 'get',
    path: '/claim/batch/report-submission',
    answers: json([
      {
        ...EXCHANGE,
        batch_id: 'integer?',
        batch_code: 'string?',
        clearing_house_account_id: 'integer?',
        billing_company_id: 'integer',
      },
    ]),
    permission: 'claimbatch.view',
    summary:
      'The submissions and their answers, newest first (?batch_id, ?from, ?to mm/dd/yyyy; at most 500): each 837 sent or refused and each acknowledgment applied, with its batch and claim counts',
    handle: (ctx, req, actor) => submissionReport(ctx.db, actor, submissionFilter(req.query)),
  },
  {
    method: 'post',
    path: '/claim/batch/acknowledgments',
    answers: json({
      exchange_id: 'integer',
      file_id: 'integer',
      duplicate: 'boolean',
      kind: 'string?',
      result: 'string',
      message: 'string',
      findings: [{ severity: 'string', message: 'string' }],
      rejected: [{ claim_id: 'integer', code: 'string', reason: 'string' }],
      accepted: [{ claim_id: 'integer', code: 'string', payer_claim_number: 'string' }],
      unmatched: ['any'],
      batches: ['integer'],
    }),
    permission: 'claimbatch.send',
    summary:
      "Takes in a clearing house's file by hand ({content, name?, billing_company_id?}): a 999 or 277CA is applied, an 835 waits for posting, an unreadable file is kept with its findings; the same file twice changes nothing",
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      if (typeof body.content !== 'string' || !body.content.trim())
        throw invalid({ content: [problem('content_acknowledgment_file_required')] });
      const bc = actor.crossTenant
        ? optionalId(body.billing_company_id, 'billing_company_id')
        : actor.billingCompanyIds.length === 1
          ? actor.billingCompanyIds[0]
          : optionalId(body.billing_company_id, 'billing_company_id');
      if (!bc || (!actor.crossTenant && !actor.billingCompanyIds.includes(bc)))
        throw invalid({ billing_company_id: [problem('billing_company_required')] });
      return receiveFile(ctx, actor, {
        billingCompanyId: bc,
        accountId: null,
        name: typeof body.name === 'string' && body.name.trim() ? body.name : 'acknowledgment.x12',
        bytes: Buffer.from(body.content, 'latin1'),
      });
    },
  },
  {
    method: 'get',
    path: '/claim/batch/{id}/exchanges',
    answers: json([{ ...EXCHANGE, file_id: 'integer?' }]),
    permission: 'claimbatch.show',
    summary:
      "A batch's files exchanged, oldest first: the 837 sent (or the failed attempts) and the acknowledgments that answered it",
    handle: (ctx, req, actor) => batchExchanges(ctx, actor, idParam(req)),
  },
  ...(['/claim/batch/get-all-server', '/claim/batch'] as const).map(
    (path): GuardedRoute<BatchContext> => ({
      method: 'get',
      path,
      answers: json(page(record('claim_batch'), { 'sums?': { claim_amount: 'integer' } })),
      permission: 'claimbatch.view',
      summary:
        "The batches, a page at a time (the generated list's filters and sort), each with the predecessor's totals from its claims' latest statuses",
      async handle(ctx, req, actor) {
        const page = await new BatchService(ctx, actor).store.list(req.query as ListParams);
        return { ...page, data: await withStatusTotals(ctx.db, page.data) };
      },
    }),
  ),
  {
    method: 'post',
    path: '/claim/batch',
    answers: json(record('claim_batch')),
    permission: 'claimbatch.create',
    status: 201,
    summary:
      'Creates a batch ({name, company_id, transmission E|P, clearing_house_account_id, claim_ids}): verified Not submitted claims of one company and one form',
    async handle(ctx, req, actor, res) {
      return new BatchService(ctx, actor).save(bodyObject(req), { locale: res.locals.locale });
    },
  },
  {
    method: 'get',
    path: '/claim/batch/{id}',
    answers: json({
      id: 'integer',
      billing_company_id: 'integer',
      version: 'integer',
      code: 'string',
      name: 'string',
      company_id: 'integer',
      transmission: 'string',
      claim_ids: ['integer'],
      status_id: 'integer',
      'shipping_date?': 'string',
      total_claims: 'integer',
      claim_amount: 'integer',
      display_name: 'string',
      total_processed: 'integer',
      total_accepted: 'integer',
      total_denied: 'integer',
      total_accepted_by_clearing_house: 'integer',
      total_denied_by_clearing_house: 'integer',
      total_accepted_by_payer: 'integer',
      total_denied_by_payer: 'integer',
      claims: [
        { id: 'integer', code: 'string', patient_name: 'string', status_id: 'integer', billed_amount: 'integer' },
      ],
      'clearing_house_account_id?': 'integer',
      'control_number?': 'integer',
      'file_id?': 'integer',
      'send_state?': 'string',
      'answers_accepted?': 'integer',
      'answers_rejected?': 'integer',
    }),
    permission: 'claimbatch.show',
    summary: 'A batch with its claims and their statuses, and totals as the predecessor counted them',
    handle: (ctx, req, actor) => batchWithClaims(ctx, actor, idParam(req)),
  },
  {
    method: 'get',
    path: '/claim/batch/{id}/claims',
    answers: json([
      { id: 'integer', code: 'string', patient_name: 'string', status_id: 'integer', billed_amount: 'integer' },
    ]),
    permission: 'claimbatch.show',
    summary: "A batch's claims [{id, code, patient_name, status_id, billed_amount}]",
    async handle(ctx, req, actor) {
      const batch = await new BatchService(ctx, actor).store.get(idParam(req));
      const claims = storeOf(ctx, actor, 'claim');
      return (await claims.list({ ids: ((batch.claim_ids as number[]) ?? []).join(','), itemsPerPage: '1000' }, false))
        .data;
    },
  },
  ...(['show-batch-preview', 'show-batch-report'] as const).map(
    (kind): GuardedRoute<BatchContext> => ({
      method: 'get',
      path: `/claim/batch/${kind}/{id}`,
      phi: { entity: 'claim_batch', view: kind === 'show-batch-preview' ? 'preview' : 'report' },
      answers: file(['application/pdf']),
      permission: kind === 'show-batch-preview' ? ['claimbatch.preview', 'claimbatch.print'] : 'claimbatch.report',
      raw: true,
      summary:
        kind === 'show-batch-preview'
          ? 'The batch as a PDF to check before it leaves (?print=true downloads it)'
          : 'The batch report PDF: its claims by payer with totals for each and a grand total',
      async handle(ctx, req, actor, res) {
        const batch = await new BatchService(ctx, actor).store.get(idParam(req));
        const pdf = await batchReportPdf(ctx.db, batch, res.locals.locale);
        const download = req.query.print === 'true' || kind === 'show-batch-report';
        res
          .type('application/pdf')
          .setHeader(
            'Content-Disposition',
            `${download ? 'attachment' : 'inline'}; filename="batch-${String(batch.code)}.pdf"`,
          );
        res.send(Buffer.from(pdf));
      },
    }),
  ),
  {
    method: 'get',
    path: '/claim/batch/show-batch-forms/{id}',
    phi: { entity: 'claim_batch', view: 'claim_forms' },
    answers: file(['application/pdf']),
    limit: 'export',
    stepUp: true,
    permission: ['claimbatch.print', 'claimbatch.preview'],
    raw: true,
    summary:
      "The batch's claims on their paper forms (CMS-1500 or UB-04), ?mode=data (on pre-printed red forms, the default) or full (the form drawn, plain paper), ?left=&top= offsets in points",
    async handle(ctx, req, actor, res) {
      const batch = await new BatchService(ctx, actor).store.get(idParam(req));
      const { mode, offsets } = formQuery(req);
      const { form, pdf } = await claimFormsPdf({
        db: ctx.db,
        bc: Number(batch.billing_company_id),
        ids: (batch.claim_ids as number[]) ?? [],
        mode,
        offsets,
      });
      res
        .type('application/pdf')
        .setHeader(
          'Content-Disposition',
          `inline; filename="batch-${String(batch.code)}-${form}${mode === 'full' ? '-plain-paper' : ''}.pdf"`,
        );
      res.send(Buffer.from(pdf));
    },
  },
  {
    method: 'put',
    path: '/claim/batch/{id}',
    answers: json(record('claim_batch')),
    permission: 'claimbatch.edit',
    summary: 'Updates a batch not yet sent (the version edited is required)',
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      delete body.version;
      return new BatchService(ctx, actor).save(body, {
        id: idParam(req),
        version: editedVersion(req, true),
        locale: res.locals.locale,
      });
    },
  },
  {
    method: 'delete',
    path: '/claim/batch/{id}',
    answers: message(),
    permission: 'claimbatch.remove',
    summary: 'Deletes a batch not yet sent (its claims return to the batchable list)',
    async handle(ctx, req, actor) {
      await new BatchService(ctx, actor).remove(idParam(req), editedVersion(req));
      return { message: 'Deleted.' };
    },
  },
  {
    method: 'patch',
    path: '/claim/batch/submit-to-clearing-house/{id}',
    answers: json(record('claim_batch')),
    permission: 'claimbatch.send',
    summary:
      'Sends an electronic batch: its 837 is written and kept in the file store, and its claims and the batch become Submitted',
    async handle(ctx, req, actor) {
      return new BatchService(ctx, actor).submit(idParam(req));
    },
  },
  {
    method: 'patch',
    path: '/claim/batch/confirm-shipping/{id}',
    answers: json(record('claim_batch')),
    permission: 'claimbatch.submitted',
    summary:
      'Confirms a batch shipped by hand (paper, or a file uploaded outside the product): its claims and the batch become Submitted',
    async handle(ctx, req, actor) {
      return new BatchService(ctx, actor).confirmShipping(idParam(req));
    },
  },
];
