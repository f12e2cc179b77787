import { x12Name } from '../../src/domain/x12/x12-writing.ts';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { dayOrNone, type IsoDate } from '../../src/domain/formats.ts';
import type { EligibilityInquiry, InquiredPerson } from '../../src/domain/x12/eligibility-270-writer.ts';
import { providerTaxIdSql } from '../master-data/provider-tax-id.ts';

/** One policy to ask about: on which day, and for which claim when a claim asks. */
export interface PolicyAsk {
  policyId: number;
  serviceDate: IsoDate;
  claimId?: number;
  /** the clinic asking (a claim's company); else the patient's own */
  companyId?: number;
}

/** A question ready to write, or why it cannot be asked (the payer has no id, the clinic no NPI). */
export interface PreparedQuestion {
  ask: PolicyAsk;
  patientId: number;
  inquiry?: EligibilityInquiry;
  problem?: string;
}

interface PolicyRow {
  id: string;
  patient_id: string;
  policy_number: string;
  own_insurance: boolean | null;
  subscriber: { first_name?: string; last_name?: string; date_of_birth?: string; sex?: string } | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  sex: string | null;
  company_id: string | null;
  payer_name: string;
  payer_id: string | null;
}

const gender = (sex: string | null | undefined): InquiredPerson['gender'] =>
  sex === 'F' || sex === 'M' ? sex : sex ? 'U' : undefined;

/**
 * A patient or a subscriber as a 270 or 276 names them: X12 names, the birth date on file (a patient's day, or the
 * mm/dd/yyyy a policy's subscriber was typed with), the gender.
 */
export const inquiredPerson = (
  p: { first_name?: string; last_name?: string; date_of_birth?: string | null; sex?: string | null },
  memberId?: string,
): InquiredPerson => ({
  lastName: x12Name(p.last_name),
  firstName: x12Name(p.first_name),
  ...(memberId ? { memberId } : {}),
  ...(p.date_of_birth ? { birthDate: dayOrNone(p.date_of_birth) } : {}),
  ...(gender(p.sex) ? { gender: gender(p.sex) } : {}),
});

/** A trace number a payer echoes (TRN02): unique without asking the database, short enough for any payer. */
export const newTrace = () => `E${randomBytes(7).toString('hex').toUpperCase()}`;

/**
 * The 270 questions of policies of one billing company, read in two statements whatever their number: the subscriber
 * (the patient, or the policy's subscriber with the patient as a dependent), the payer's id at our clearing house (else
 * its own), and the clinic asking (its NPI). A policy that cannot be asked says why instead.
 */
export async function prepareQuestions(
  db: Queryable,
  billingCompanyId: number,
  asks: PolicyAsk[],
): Promise<PreparedQuestion[]> {
  const policies = await db.query<PolicyRow>(
    `select p.id, p.patient_id, p.policy_number, p.own_insurance, p.subscriber, pa.first_name, pa.last_name, pa.date_of_birth::text, pa.sex,
            pa.company_id, ic.name as payer_name, coalesce(nullif(ps.payer_id, ''), nullif(ic.payer_id, '')) as payer_id
       from insurance_policies p
       join patients pa on pa.id = p.patient_id
       join insurance_companies ic on ic.id = p.insurance_company_id
       left join payer_settings ps on ps.insurance_company_id = ic.id and ps.billing_company_id = p.billing_company_id
      where p.billing_company_id = $1 and p.id = any($2::bigint[])`,
    [billingCompanyId, asks.map((a) => a.policyId)],
  );
  const byId = new Map(policies.rows.map((r) => [Number(r.id), r]));
  const companyIds = new Set(asks.map((a) => a.companyId ?? Number(byId.get(a.policyId)?.company_id ?? 0)));
  const companies = await db.query<{ id: string; name: string; npi: string | null; tax_id: string | null }>(
    `select id, name, npi, ${providerTaxIdSql('co')} as tax_id from companies co where billing_company_id = $1 and id = any($2::bigint[])`,
    [billingCompanyId, [...companyIds].filter(Boolean)],
  );
  const company = new Map(companies.rows.map((c) => [Number(c.id), c]));
  return asks.map((ask) => {
    const p = byId.get(ask.policyId);
    if (!p) return { ask, patientId: 0, problem: 'The policy was not found.' };
    const patientId = Number(p.patient_id);
    const clinic = company.get(ask.companyId ?? Number(p.company_id ?? 0));
    if (!clinic?.npi) return { ask, patientId, problem: "The patient's company has no NPI to ask as." };
    if (!p.payer_id) return { ask, patientId, problem: `${p.payer_name} has no payer id.` };
    const patient = inquiredPerson(p);
    const s = p.own_insurance === false ? p.subscriber : null;
    const subscriber = s ? inquiredPerson(s, p.policy_number) : { ...patient, memberId: p.policy_number };
    const taxDigits = String(clinic.tax_id ?? '').replace(/\D/g, '');
    return {
      ask,
      patientId,
      inquiry: {
        trace: newTrace(),
        // TRN03: "1" and the asking organization's EIN, the guide's usual originator id (ten characters).
        traceOriginator: `1${taxDigits.padStart(9, '0').slice(-9)}`,
        payer: { name: x12Name(p.payer_name), id: p.payer_id },
        provider: { name: x12Name(clinic.name), npi: clinic.npi },
        subscriber,
        ...(s ? { dependent: patient } : {}),
        serviceDate: ask.serviceDate,
        serviceTypes: ['30'],
      },
    };
  });
}
