import type { GuardedRoute } from '../http/guarded-routes.ts';
import { bodyObject, optionalId } from '../http/guarded-routes.ts';
import { json, type Shape } from '../http/answers.ts';
import type { ApiContext } from '../api-context.ts';
import type { Actor } from '../security/actor.ts';
import { actingBillingCompany } from '../security/acting-billing-company.ts';
import { fieldError } from '../../src/domain/errors/domain-error.ts';
import { previewClaimFile } from './claim-file-preview.ts';

const NAMED: Shape = { id: 'integer', name: 'string' };
const PARTY: Shape = { name: 'string', npi: 'string', 'match?': NAMED };
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
      counts: { claims: 'integer', ready: 'integer', fix: 'integer', held: 'integer' },
    }),
    permission: 'claim.create',
    summary:
      "What importing a practice's 837 ({file_id} uploaded, or {content}) would do, before anything is written: each claim checked as a clearing house checks it, with the patient, payer, providers, facility and claim of ours it names, and what stops it, in words",
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const bc = actingBillingCompany(actor, optionalId(body.billing_company_id, 'billing_company_id'));
      return previewClaimFile(ctx.db, bc, await fileText(ctx, actor, body), res.locals.locale);
    },
  },
];
