import { DEPARTMENT } from '../../src/generated/ids.ts';
import { json, idNames } from '../http/answers.ts';
import { DENIAL_WORKLIST_PAGE } from './denial-routes.ts';
import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { storeOf } from '../resources/store-of.ts';
import type { EraContext } from '../payments/era-files.ts';
import { usDateOf } from '../../src/domain/formats.ts';
import { denialWorklist } from './denial-worklist.ts';
import { payerClaimNumbers } from './payer-claim-numbers.ts';
import { billedPolicyChoices, policiesOf } from './denial-claim.ts';

/** The claim a form of the denial screen is about (?claim_id), checked against the person's billing companies. */
async function claimOfQuery(ctx: EraContext, actor: Actor, q: Record<string, unknown>) {
  const id = Number(q.claim_id);
  if (!Number.isSafeInteger(id) || id < 1) throw invalid({ claim_id: [problem('claim_id')] });
  return storeOf(ctx, actor, 'claim').get(id);
}

/**
 * What the generated denial screen asks besides the worklist: the list under its plain path and as
 * picker names, the policies a follow-up or a refile may name, and the starting values of those two
 * forms taken from the claim (its payer claim number, status, billed policy), so a collector types
 * only what the call said. Static paths, mounted before /denial/{id}.
 */
export const denialScreenRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/denial',
    answers: json(DENIAL_WORKLIST_PAGE),
    permission: 'denial.view',
    summary: 'The denial worklist (the same as /denial/get-all-server)',
    async handle(ctx, req, actor, res) {
      return denialWorklist(ctx.db, actor, req.query as Record<string, unknown>, res.locals.locale);
    },
  },
  {
    method: 'get',
    path: '/denial/get-list',
    answers: json(idNames),
    permission: 'denial.view',
    summary: "The worklist's claims as picker names [{id, name}] (?ids to name some)",
    async handle(ctx, req, actor) {
      const page = await denialWorklist(ctx.db, actor, {
        ...(req.query as Record<string, unknown>),
        itemsPerPage: '100',
      });
      return page.data.map((r) => ({ id: r.id, name: `${String(r.code)} ${String(r.patient_name ?? '')}`.trim() }));
    },
  },
  {
    method: 'get',
    path: '/denial/policies',
    answers: json(idNames),
    permission: 'denial.view',
    summary:
      "The policies a claim was billed to (?claim_id), primary first [{id, name}]: the choices of a follow-up's policy responsible and a refile's policy",
    handle: async (ctx, req, actor) =>
      billedPolicyChoices(ctx, await claimOfQuery(ctx, actor, req.query as Record<string, unknown>)),
  },
  {
    method: 'get',
    path: '/denial/tracking/defaults',
    answers: json({
      claim_id: 'integer',
      // None until a payer has answered the claim (a 277CA or an ERA names it).
      'claim_number?': 'string',
      interface_type: 'string',
      claim_status: 'integer',
      'claim_sub_status?': 'any',
      // None on a self-pay claim.
      'policy_responsible?': 'integer',
      tracking_date: 'string',
      department_responsible: 'integer',
    }),
    permission: 'denial.tracking.claim',
    summary:
      "A follow-up's starting values from its claim (?claim_id): payer claim number, status and sub-status, the policy billed, department, today",
    async handle(ctx, req, actor) {
      const claim = await claimOfQuery(ctx, actor, req.query as Record<string, unknown>);
      const policies = policiesOf(claim);
      const billed = claim.billed_responsibility === 'S' ? policies[1] : policies[0];
      return {
        claim_id: Number(claim.id),
        claim_number: (await payerClaimNumbers(ctx.db, Number(claim.id)))[0] ?? undefined,
        interface_type: 'call',
        claim_status: Number(claim.status_id),
        claim_sub_status: claim.sub_status_id == null ? undefined : Number(claim.sub_status_id),
        policy_responsible: billed,
        tracking_date: usDateOf(),
        department_responsible:
          claim.department_responsibility_id == null
            ? DEPARTMENT.COLLECTOR
            : Number(claim.department_responsibility_id),
      };
    },
  },
  {
    method: 'get',
    path: '/denial/refile/defaults',
    answers: json({
      claim_id: 'integer',
      'original_claim_id?': 'string',
      transmission_type: 'string',
      is_cross_over: 'boolean',
    }),
    permission: 'denial.refile',
    summary:
      "A refile's starting values from its claim (?claim_id): the payer claim number a corrected or void claim names, electronic transmission",
    async handle(ctx, req, actor) {
      const claim = await claimOfQuery(ctx, actor, req.query as Record<string, unknown>);
      return {
        claim_id: Number(claim.id),
        original_claim_id: (await payerClaimNumbers(ctx.db, Number(claim.id)))[0] ?? undefined,
        transmission_type: 'E',
        is_cross_over: false,
      };
    },
  },
];
