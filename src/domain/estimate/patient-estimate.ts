/*
 * A patient's cost estimate before the visit: what each procedure is charged (the clinic's fee
 * schedule), what the plan is expected to allow (its contract fee), and what the patient is expected
 * to pay (copay, the deductible left, coinsurance). Every amount is integer cents.
 */

export interface FeeRow {
  procedure_codes?: string[];
  insurance_plan_ids?: number[];
  price?: number;
  price_percentage?: string;
  start_date?: string;
  end_date?: string;
}
export interface CopayRow {
  procedure_codes?: string[];
  insurance_plan_ids?: number[];
  amount: number;
}

export interface EstimateInput {
  lines: Array<{ code: string; description: string; units: number; unitPrice: number }>;
  /** null: self-pay, the patient owes the charges */
  plan: null | { id: number; copays: CopayRow[]; contractFees: FeeRow[] };
  clinic: { copays: CopayRow[]; contractFees: FeeRow[] };
  deductibleLeft: number;
  /** the patient's share after copay and deductible, in basis points (20% = 2000) */
  coinsuranceBp: number;
  /** yyyy-mm-dd: the contract fees in force that day */
  date: string;
}

export interface EstimateLine {
  code: string;
  description: string;
  units: number;
  charge: number;
  allowed: number;
  allowed_from: 'clinic contract' | 'plan contract' | 'charge';
}
export interface Estimate {
  lines: EstimateLine[];
  charge: number;
  allowed: number;
  copay: number;
  deductible: number;
  coinsurance: number;
  patient: number;
  insurance: number;
}

const inForce = (r: { start_date?: string; end_date?: string }, day: string) => {
  const iso = (us?: string) =>
    us && /^\d{2}\/\d{2}\/\d{4}$/.test(us) ? `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}` : us;
  const from = iso(r.start_date);
  const to = iso(r.end_date);
  return (!from || from <= day) && (!to || to >= day);
};
const covers = (r: { procedure_codes?: string[] }, code: string) =>
  !r.procedure_codes?.length || r.procedure_codes.some((c) => c.toUpperCase() === code.toUpperCase());
const forPlan = (r: { insurance_plan_ids?: number[] }, plan: number) =>
  !r.insurance_plan_ids?.length || r.insurance_plan_ids.includes(plan);

/** "80" or "80.5" percent of a charge, in cents, rounded half up: no float touches the money. */
export function percentOf(charge: number, percentage: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(percentage.trim());
  if (!m) return charge;
  const thousandths = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return Math.floor((charge * thousandths + 50_000) / 100_000);
}

function allowedFor(
  line: EstimateInput['lines'][number],
  charge: number,
  input: EstimateInput,
): Pick<EstimateLine, 'allowed' | 'allowed_from'> {
  const plan = input.plan!;
  // The clinic's own contract with this plan first, then the plan's: the more particular agreement decides.
  const clinic = input.clinic.contractFees.find(
    (f) =>
      forPlan(f, plan.id) &&
      f.insurance_plan_ids?.length &&
      covers(f, line.code) &&
      inForce(f, input.date) &&
      (f.price !== undefined || f.price_percentage),
  );
  const fee =
    clinic ??
    plan.contractFees.find(
      (f) => covers(f, line.code) && inForce(f, input.date) && (f.price !== undefined || f.price_percentage),
    );
  if (!fee) return { allowed: charge, allowed_from: 'charge' };
  const allowed = fee.price !== undefined ? fee.price * line.units : percentOf(charge, fee.price_percentage!);
  return { allowed: Math.min(allowed, charge), allowed_from: clinic ? 'clinic contract' : 'plan contract' };
}

export function estimate(input: EstimateInput): Estimate {
  const lines: EstimateLine[] = input.lines.map((l) => {
    const charge = l.unitPrice * l.units;
    if (!input.plan)
      return {
        code: l.code,
        description: l.description,
        units: l.units,
        charge,
        allowed: charge,
        allowed_from: 'charge',
      };
    return { code: l.code, description: l.description, units: l.units, charge, ...allowedFor(l, charge, input) };
  });
  const charge = lines.reduce((s, l) => s + l.charge, 0);
  const allowed = lines.reduce((s, l) => s + l.allowed, 0);
  if (!input.plan)
    return { lines, charge, allowed, copay: 0, deductible: 0, coinsurance: 0, patient: charge, insurance: 0 };
  const plan = input.plan;
  // One copay a visit: the highest that applies to any of its procedures (the clinic's for this plan before the plan's).
  const copays = lines.flatMap((l) => {
    const clinic = input.clinic.copays.filter((c) => c.insurance_plan_ids?.includes(plan.id) && covers(c, l.code));
    return (clinic.length ? clinic : plan.copays.filter((c) => covers(c, l.code))).map((c) => c.amount);
  });
  const copay = Math.min(copays.length ? Math.max(...copays) : 0, allowed);
  const deductible = Math.min(Math.max(0, input.deductibleLeft), allowed - copay);
  const coinsurance = Math.floor(((allowed - copay - deductible) * input.coinsuranceBp + 5000) / 10_000);
  const patient = copay + deductible + coinsurance;
  return { lines, charge, allowed, copay, deductible, coinsurance, patient, insurance: allowed - patient };
}
