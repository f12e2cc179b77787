import { evaluateClaimRules, type ClaimRule, type Condition } from '../../src/domain/claims/claim-rule-engine.ts';
import { json, idNames } from '../http/answers.ts';
import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { codeListLabel } from '../../src/platform/code-list-fields.ts';
import { stateName } from '../../src/platform/state-machine.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import { idParam } from '../http/guarded-routes.ts';
import { stateListItem } from '../resources/state-routes.ts';
import { storeOf } from '../resources/store-of.ts';
import { codeListFile } from './claim-code-lists.ts';
import { ClaimService, type ClaimContext } from './claim-service.ts';

const machineOf = (ctx: ClaimContext) => ctx.entities.find((e) => e.name === 'claim')!.states!;
/** ?status_id=1,2 or ?status_id[]=1… as numbers */
const statusIds = (v: unknown) =>
  (Array.isArray(v)
    ? v
    : String(v ?? '')
        .replace(/[[\]]/g, '')
        .split(',')
  )
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** A condition of a rule in words: "Line: procedure is between 70000 and 79999". */
function sentence(c: Condition, locale: string): string {
  const field = codeListFile('claim-rule-fields').find((f) => f.id === c.field);
  const op = codeListFile('claim-rule-operators').find((o) => o.id === c.operator);
  const values = (c.values ?? []).join(c.operator === 'between' ? (locale === 'es' ? ' y ' : ' and ') : ', ');
  return [field ? codeListLabel(field, locale) : c.field, op ? codeListLabel(op, locale) : c.operator, values]
    .filter(Boolean)
    .join(' ');
}

/**
 * The claim setup screens' own calls (document 3 §7 "Claim sub-status" and "Claim rules") beyond the
 * generated list and form: mounted before the generic router, as /claim/rules/list must not be read
 * as /claim/rules/{id}.
 */
export const claimSetupRoutes: GuardedRoute<ClaimContext>[] = [
  {
    method: 'get',
    path: '/claim-sub-status/get-list',
    answers: json([{ 'id?': 'integer', 'name?': 'string', 'header?': 'string' }]),
    permission: ['status.view', 'claim.view', 'denial.view'],
    summary:
      'Enabled sub-statuses: ?status_id=1,2 grouped under each status ({header} then {id, name, group}); ?status_id=N&current_id=M or ?status=name as [{id, name}] without the current one; ?type=denial only those for denial management',
    async handle(ctx, req, actor, res) {
      const m = machineOf(ctx);
      let ids = statusIds(req.query.status_id ?? req.query.claim_status);
      if (req.query.status !== undefined)
        ids = m.states.filter((s) => s.name.toLowerCase() === String(req.query.status).toLowerCase()).map((s) => s.id);
      const page = await storeOf(ctx, actor, 'claim-sub-status').list(
        { status: 'true', itemsPerPage: '1000', sortBy: 'name' },
        false,
      );
      // ?type=denial: only the sub-statuses flagged for denial management.
      if (req.query.type === 'denial') page.data = page.data.filter((s) => s.denial === true);
      const of = (statusId: number) =>
        page.data.filter((s) => ((s.claim_status_ids as number[]) ?? []).includes(statusId));
      const current = req.query.current_id === undefined ? null : Number(req.query.current_id);
      if (!ids.length) return page.data.map((s) => ({ id: s.id, name: s.name }));
      if (ids.length === 1 || current !== null || req.query.status !== undefined)
        return ids
          .flatMap(of)
          .filter((s) => s.id !== current)
          .map((s) => ({ id: s.id, name: s.name }));
      return ids.flatMap((id) => [
        { header: stateName(m, id, res.locals.locale) },
        ...of(id).map((s) => ({ id: s.id, name: s.name, group: stateName(m, id, res.locals.locale) })),
      ]);
    },
  },
  {
    method: 'get',
    path: '/claim-sub-status/get-list-status',
    answers: json([{ id: 'integer', name: 'string', background_color: 'string', font_color: 'string' }]),
    permission: ['status.view', 'claim.view'],
    summary: 'The claim statuses [{id, name, background_color}] a sub-status may belong to',
    async handle(ctx, _req, _actor, res) {
      const m = machineOf(ctx);
      return m.states.map((s) => stateListItem(m, s.id, res.locals.locale));
    },
  },
  {
    method: 'get',
    path: '/claim-sub-status/get-list-by-billing-company/{statusId}/{billingCompanyId}',
    answers: json([{ id: 'integer', name: 'string', 'color?': 'any', status: 'boolean' }]),
    permission: ['status.view', 'claim.view'],
    summary: "A billing company's sub-statuses of one claim status [{id, name, color, status}]",
    async handle(ctx, req, actor) {
      const statusId = idParam(req, 'statusId');
      const page = await storeOf(ctx, actor, 'claim-sub-status').list(
        {
          billing_company_id: String(idParam(req, 'billingCompanyId')),
          claim_status_ids: String(statusId),
          itemsPerPage: '1000',
          sortBy: 'name',
        },
        false,
      );
      return page.data.map((s) => ({ id: s.id, name: s.name, color: s.color, status: s.status }));
    },
  },
  {
    method: 'get',
    path: '/claim/rules/list',
    answers: json(idNames),
    permission: ['claimrule.view', 'claim.view'],
    summary: 'Claim rules as picker items [{id, name}]',
    async handle(ctx, req, actor) {
      return storeOf(ctx, actor, 'claim-rule').pickList({
        query: typeof req.query.query === 'string' ? req.query.query : undefined,
      });
    },
  },
  {
    method: 'get',
    path: '/claim/rules/show-preview/{id}',
    answers: json({
      id: 'integer',
      name: 'string',
      checks: [{ when: ['string'], require: 'string', message: 'string' }],
      claim_id: 'integer',
      claim_code: 'string',
      passes: 'boolean',
      findings: [{ field: 'string', message: 'string', rule: 'string', rule_id: 'integer' }],
    }),
    permission: ['claimrule.preview', 'claimrule.show'],
    summary: 'A claim rule in words; with ?claim_id, what it finds on that claim (every finding, on its field)',
    async handle(ctx, req, actor, res) {
      const rule = await storeOf(ctx, actor, 'claim-rule').get(idParam(req));
      const locale = res.locals.locale;
      const checks = (rule.checks as ClaimRule['checks']).map((c) => ({
        when: (c.when ?? []).map((x) => sentence(x, locale)),
        require: sentence(c.require, locale),
        message: c.message,
      }));
      if (req.query.claim_id === undefined) return { id: rule.id, name: rule.name, checks };
      const claimId = Number(req.query.claim_id);
      if (!Number.isSafeInteger(claimId) || claimId < 1) throw invalid({ claim_id: [problem('claim_id')] });
      const claim = await new ClaimService(ctx, actor).read(claimId);
      const findings = evaluateClaimRules(claim, [
        { id: rule.id, name: String(rule.name), checks: rule.checks as ClaimRule['checks'] },
      ]);
      return {
        id: rule.id,
        name: rule.name,
        checks,
        claim_id: claimId,
        claim_code: claim.code,
        passes: findings.length === 0,
        findings,
      };
    },
  },
];
