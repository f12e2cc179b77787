import { invalid, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { idNames, json, maybe } from '../http/answers.ts';
import type { Database } from '../db/database.ts';
import { basisPointsFromEntry } from '../../src/domain/money-input.ts';
import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import type { Entity } from '../../src/platform/entity.ts';
import { patientEstimate } from './patient-estimates.ts';
import { storeOf } from '../resources/store-of.ts';
import { MENU } from '../auth/menu.ts';

export interface EstimateContext {
  db: Database;
  entities: Entity[];
}

const MAX_LINES = 20;

interface Line {
  procedure_code: string;
  units: number;
}

/** The request's lines, deductible and coinsurance, each checked with the field at fault named. */
/** An estimate's input as the form sends it, checked. */
export type EstimateInput = ReturnType<typeof readInput>;

function readInput(b: Record<string, unknown>) {
  const errors: Record<string, FieldProblem[]> = {};
  if (!Number.isSafeInteger(b.company_id) || (b.company_id as number) < 1)
    errors.company_id = [problem('company_field_required')];
  if (
    b.insurance_plan_id !== null &&
    b.insurance_plan_id !== undefined &&
    (!Number.isSafeInteger(b.insurance_plan_id) || (b.insurance_plan_id as number) < 1)
  )
    errors.insurance_plan_id = [problem('plan_must_be_id')];
  const lines = Array.isArray(b.lines) ? (b.lines as Line[]) : [];
  if (!lines.length || lines.length > MAX_LINES) errors.lines = [problem('estimate_lines_between', { max: MAX_LINES })];
  lines.forEach((l, i) => {
    if (!l || typeof l.procedure_code !== 'string' || !/^[A-Za-z0-9]{1,17}$/.test(l.procedure_code))
      errors[`lines.${i}.procedure_code`] = [problem('procedure_code_not_valid')];
    if (!Number.isSafeInteger(l?.units) || l.units < 1 || l.units > 999)
      errors[`lines.${i}.units`] = [problem('estimate_units_whole_1_999')];
  });
  const deductible = b.deductible_left ?? 0;
  if (!Number.isSafeInteger(deductible) || (deductible as number) < 0 || (deductible as number) > 99_999_999)
    errors.deductible_left = [problem('deductible_left_amount')];
  const coinsurance = b.coinsurance_percent ?? 0;
  const coinsuranceBp =
    typeof coinsurance === 'number' || typeof coinsurance === 'string' ? basisPointsFromEntry(coinsurance) : null;
  if (coinsuranceBp === null || coinsuranceBp > 10_000)
    errors.coinsurance_percent = [problem('coinsurance_percentage')];
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    companyId: b.company_id as number,
    planId: (b.insurance_plan_id as number | null | undefined) ?? null,
    lines,
    deductibleLeft: deductible as number,
    coinsuranceBp: coinsuranceBp!,
  };
}

// Whoever may make an estimate (a claim's, a patient's or a payment's reader): the permissions the menu offers the
// Medical Store by, so the window is offered exactly to those its calls answer.
const ESTIMATORS = [MENU.requires!['Medical Store']].flat();

export const estimateRoutes: GuardedRoute<EstimateContext>[] = [
  {
    method: 'get',
    path: '/medical-store/choices',
    answers: json({ companies: idNames, plans: idNames }),
    permission: ESTIMATORS,
    summary:
      "What an estimate may be made for, as picker names: the clinics (companies) of the person's billing companies and the insurance plans. The Medical Store's own, so a role that may estimate but not list companies or plans (a collector, a payment processor) still can",
    async handle(ctx, _req, actor) {
      const names = (items: Array<{ id: number; name: string }>) => items.map(({ id, name }) => ({ id, name }));
      return {
        companies: names(await storeOf(ctx, actor, 'company').pickList({})),
        plans: names(await storeOf(ctx, actor, 'insurance-plan').pickList({})),
      };
    },
  },
  {
    method: 'post',
    path: '/medical-store/estimate',
    answers: json({
      company: { id: 'integer', name: 'string' },
      plan: maybe({ id: 'integer', name: 'string' }),
      self_pay: 'boolean',
      lines: [
        {
          code: 'string',
          description: 'string',
          units: 'integer',
          charge: 'integer',
          allowed: 'integer',
          allowed_from: 'string',
        },
      ],
      charge: 'integer',
      allowed: 'integer',
      copay: 'integer',
      deductible: 'integer',
      coinsurance: 'integer',
      patient: 'integer',
      insurance: 'integer',
    }),
    permission: ESTIMATORS,
    summary:
      "A patient's cost estimate (company_id, insurance_plan_id or null for self-pay, lines [{procedure_code, units}], deductible_left in cents, coinsurance_percent): charges from the clinic's fee schedule, the plan's allowed amounts, the patient's share",
    async handle(ctx, req, actor) {
      const input = readInput(bodyObject(req));
      return patientEstimate(ctx, actor, input);
    },
  },
];
