import type { IsoDate } from '../formats.ts';
// A remittance (835) as the product uses it. Every amount is integer cents; days are IsoDate.
export interface Adjustment {
  group: string;
  reason: string;
  amount: number;
  quantity?: string;
}
export interface DatedQualifier {
  qualifier: string;
  date?: IsoDate;
}
export interface Reference {
  qualifier: string;
  value: string;
}

export interface ServiceLine835 {
  position: number;
  procedure: { qualifier: string; code?: string; modifiers: string[] };
  charge: number;
  paid: number;
  revenueCode?: string;
  units?: string;
  dates: DatedQualifier[];
  adjustments: Adjustment[];
  controlNumber?: string;
  allowed?: number;
  remarks: string[];
}

export interface Claim835 {
  position: number;
  patientControlNumber: string;
  status: string;
  charge: number;
  paid: number;
  patientResponsibility?: number;
  filingIndicator?: string;
  payerControlNumber?: string;
  facilityCode?: string;
  frequency?: string;
  patient?: { lastName?: string; firstName?: string; memberId?: string };
  insured?: { lastName?: string; firstName?: string; memberId?: string };
  adjustments: Adjustment[];
  dates: DatedQualifier[];
  references: Reference[];
  remarks: string[];
  lines: ServiceLine835[];
}

export interface ProviderAdjustment {
  provider: string;
  fiscalPeriod?: IsoDate;
  reason: string;
  reference?: string;
  amount: number;
  position: number;
}

export interface Remittance {
  control: string;
  payment: { handling: string; amount: number; creditDebit: string; method?: string; date?: IsoDate; position: number };
  trace?: { type: string; number: string; originator?: string };
  payer: { name?: string; id?: string };
  payee: { name?: string; npi?: string; taxId?: string };
  claims: Claim835[];
  providerAdjustments: ProviderAdjustment[];
}
