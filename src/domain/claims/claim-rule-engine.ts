import { unitsInThousandths } from './claim-amounts.ts';
import { isFilled } from './claim-rules.ts';

/**
 * Claim rules as data (the scrubber): a billing company writes, per payer, plan, company, form and
 * responsibility, checks of the form "when these conditions hold, require this one" — e.g. "payer X
 * needs a prior authorization for procedures 70000–79999", "modifier 25 needs a second procedure
 * line". Pure: verification and the rule preview run the same evaluation.
 */
export type Operator =
  | 'filled'
  | 'empty'
  | 'equals'
  | 'not_equals'
  | 'in'
  | 'not_in'
  | 'between'
  | 'starts_with'
  | 'contains'
  | 'at_least'
  | 'at_most';
export interface Condition {
  field: string;
  operator: Operator;
  values?: string[];
}
export interface RuleCheck {
  when?: Condition[];
  require: Condition;
  message: string;
}
export interface ClaimRule {
  id?: number;
  name: string;
  checks: RuleCheck[];
}
export interface RuleFinding {
  field: string;
  message: string;
  rule: string;
  rule_id?: number;
}

type Row = Record<string, unknown>;

/** The value(s) a field names, on the claim or on one line (services.* fields), as text. */
function valuesOf(claim: Row, field: string, line: Row | null): unknown {
  if (field === 'services.count') return String((claim.services as unknown[] | undefined)?.length ?? 0);
  if (field === 'diagnoses.count') return String((claim.diagnoses as unknown[] | undefined)?.length ?? 0);
  if (field === 'diagnoses.code')
    return ((claim.diagnoses as Row[] | undefined) ?? []).map((d) => String(d.code ?? ''));
  if (field.startsWith('services.')) return line ? line[field.slice('services.'.length)] : undefined;
  return claim[field];
}

/** Numbers compare as numbers (units as thousandths), everything else as upper-case text. */
const asNumber = (v: string) =>
  /^-?\d+(\.\d+)?$/.test(v)
    ? Number(unitsInThousandths(v.replace('-', '')) ?? Number(v) * 1000) * (v.startsWith('-') ? -1 : 1)
    : null;
const norm = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toUpperCase();

function holds(c: Condition, raw: unknown): boolean {
  const list = Array.isArray(raw) ? raw.map(norm).filter(Boolean) : isFilled(raw) ? [norm(raw)] : [];
  const vs = (c.values ?? []).map(norm);
  const cmp = (a: string, b: string) => {
    const x = asNumber(a),
      y = asNumber(b);
    return x !== null && y !== null ? x - y : a.localeCompare(b);
  };
  switch (c.operator) {
    case 'filled':
      return list.length > 0;
    case 'empty':
      return list.length === 0;
    case 'equals':
      return list.some((v) => v === vs[0]);
    case 'not_equals':
      return !list.some((v) => v === vs[0]);
    case 'in':
      return list.some((v) => vs.includes(v));
    case 'not_in':
      return !list.some((v) => vs.includes(v));
    case 'contains':
      return list.some((v) => v.includes(vs[0] ?? ''));
    case 'starts_with':
      return list.some((v) => vs.some((p) => v.startsWith(p)));
    case 'between':
      return list.some((v) => vs.length >= 2 && cmp(v, vs[0]) >= 0 && cmp(v, vs[1]) <= 0);
    case 'at_least':
      return list.some((v) => cmp(v, vs[0] ?? '0') >= 0);
    case 'at_most':
      return list.some((v) => cmp(v, vs[0] ?? '0') <= 0);
  }
}

const isLineField = (f: string) => f.startsWith('services.') && f !== 'services.count';

/**
 * Every finding of the rules over the claim. A check whose conditions or requirement name a line
 * field is tried on each line (its finding lands on that line's cell); otherwise once on the claim.
 */
export function evaluateClaimRules(claim: Row, rules: ClaimRule[]): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const lines = (claim.services as Row[] | undefined) ?? [];
  for (const rule of rules) {
    for (const check of rule.checks) {
      const conditions = check.when ?? [];
      const perLine = [...conditions, check.require].some((c) => isLineField(c.field));
      const scopes: Array<[Row | null, number]> = perLine ? lines.map((l, i) => [l, i]) : [[null, -1]];
      for (const [line, i] of scopes) {
        if (!conditions.every((c) => holds(c, valuesOf(claim, c.field, line)))) continue;
        if (holds(check.require, valuesOf(claim, check.require.field, line))) continue;
        const f = check.require.field;
        const field =
          isLineField(f) && i >= 0 ? `services.${i}.${f.slice('services.'.length)}` : f.replace(/\.(count|code)$/, '');
        findings.push({ field, message: check.message, rule: rule.name, ...(rule.id ? { rule_id: rule.id } : {}) });
      }
    }
  }
  return findings;
}
