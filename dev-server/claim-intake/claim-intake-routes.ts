import type { GuardedRoute } from '../http/guarded-routes.ts';
import { bodyObject, idParam, optionalId } from '../http/guarded-routes.ts';
import { json, type Shape } from '../http/answers.ts';
import type { ApiContext } from '../api-context.ts';
import type { Actor } from '../security/actor.ts';
import { actingBillingCompany } from '../security/acting-billing-company.ts';
import { fieldError } from '../../src/domain/errors/domain-error.ts';
import { previewClaimFile, words } from './claim-file-preview.ts';
import type { IntakeFinding } from '../../src/domain/x12/intake/claim-file-check.ts';
import { checkClaimFileAgain, importClaimFile, takeClaimFile } from './claim-file-intake.ts';
import { checkedWords, importedWords } from './claim-intake-words.ts';

const NAMED: Shape = { id: 'integer', name: 'string' };
const PARTY: Shape = { name: 'string', npi: 'string', 'match?': NAMED };
/** A claim file's counts of its claims by outcome (claim-file-rows countsOf). */
const COUNTS: Shape = {
  claims: 'integer',
  ready: 'integer',
  to_fix: 'integer',
  waiting: 'integer',
  held: 'integer',
  imported: 'integer',
};
const FINDING: Shape = {
  loop: 'string',
  segment: 'string',
  'element?': 'integer',
  position: 'integer',
  message: 'string',
};

/** The text of the file a request names: one uploaded to the file store ({file_id}), or given as {content}. */
async function fileText(ctx: ApiContext, actor: Actor, body: Record<string, unknown>) {
  const fileId = optionalId(body.file_id, 'file_id');
  if (fileId) return (await ctx.files.read(await ctx.files.get(actor, fileId))).toString('latin1');
  if (typeof body.content === 'string' && body.content.trim()) return body.content;
  throw fieldError('content', 'intake_file_required');
}

export const claimIntakeRoutes: GuardedRoute<ApiContext>[] = [
  {
    method: 'post',
    path: '/claim-file/preview',
    answers: json({
      claims: [
        {
          control: 'string',
          form: 'string',
          frequency: 'string',
          charge_cents: 'integer',
          lines: 'integer',
          patient: { name: 'string', 'birth_date?': 'string', member_id: 'string', 'match?': NAMED },
          payer: { name: 'string', payer_id: 'string', 'match?': NAMED },
          billing_provider: PARTY,
          'rendering_provider?': PARTY,
          'facility?': PARTY,
          'held?': { id: 'integer', code: 'string' },
          outcome: 'string',
          findings: [FINDING],
        },
      ],
      findings: [FINDING],
      counts: { claims: 'integer', ready: 'integer', fix: 'integer', waiting: 'integer', held: 'integer' },
    }),
    permission: 'claim.create',
    summary:
      "What importing a practice's 837 ({file_id} uploaded, or {content}) would do, before anything is written: each claim checked as a clearing house checks it, with the patient, payer, providers, facility and claim of ours it names, and what stops it, in words",
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const bc = actingBillingCompany(actor, optionalId(body.billing_company_id, 'billing_company_id'));
      const preview = await previewClaimFile(ctx.db, bc, await fileText(ctx, actor, body));
      const said = (ps: IntakeFinding[]) => ps.map((f) => words(f, res.locals.locale));
      // The findings in the reader's words; what the import keeps for itself (codes, ids found) is not part of the answer.
      return {
        counts: preview.counts,
        findings: said(preview.problems),
        claims: preview.claims.map(({ matches: _m, problems, ...c }) => ({ ...c, findings: said(problems) })),
      };
    },
  },
  {
    method: 'post',
    path: '/claim-files/take',
    answers: json({
      received: [
        {
          file: 'string',
          result: 'string',
          message: 'string',
          'claim_file?': { id: 'integer', ...COUNTS },
        },
      ],
    }),
    permission: 'claim.create',
    summary:
      "Takes in a practice's 837 uploaded as a claim file ({file_id}): every claim checked and matched, kept with its findings as the file's claims; no patient or claim is made until the file is imported. The same bytes twice are answered as a duplicate",
    async handle(ctx, req, actor, res) {
      const fileId = optionalId(bodyObject(req).file_id, 'file_id');
      if (!fileId) throw fieldError('file_id', 'intake_file_required');
      return takeClaimFile(ctx, actor, fileId, res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/claim-files/{id}/import',
    answers: json({
      imported: 'integer',
      drafts: 'integer',
      replaced: 'integer',
      voided: 'integer',
      waiting: 'integer',
      message: 'string',
    }),
    permission: 'claim.create',
    summary:
      "Imports a claim file's claims that can be made: each ready claim becomes a verified claim (Not submitted), each with findings a draft to fix in the claim editor, a correction (7) or void (8) replaces or removes the claim it names; patients and policies the file names are made when missing. Nothing is made twice",
    async handle(ctx, req, actor, res) {
      const done = await importClaimFile(ctx, actor, idParam(req), res.locals.locale);
      return { ...done, message: importedWords(done, res.locals.locale) };
    },
  },
  {
    method: 'post',
    path: '/claim-files/{id}/check',
    answers: json({ ...COUNTS, message: 'string' }),
    permission: 'claim.create',
    summary:
      "Checks a claim file's claims not yet imported again (after their payer or clinic was set up): matched and judged anew",
    async handle(ctx, req, actor, res) {
      const counts = await checkClaimFileAgain(ctx, actor, idParam(req));
      return { ...counts, message: checkedWords(counts, res.locals.locale) };
    },
  },
];
