import type { IsoDate } from '../formats.ts';
// Claims (837P and 837I) as the writers take them and the readers give them back. Cents; days as IsoDate (mm/dd/yyyy only on paper and screens).
export interface Party {
  name: string;
  firstName?: string;
  entity: 'person' | 'organization';
  idQualifier?: string;
  id?: string;
}
export interface Address {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
}

export interface ServiceLine837 {
  procedure: string;
  modifiers: string[];
  charge: number;
  units: string;
  unitCode: 'UN' | 'MJ';
  placeOfService?: string;
  /** 1-based pointers into the claim's diagnoses */
  diagnosisPointers: number[];
  dateOfService: IsoDate;
  /** loop 2410: the drug given, by NDC (11 digits, 5-4-2) and quantity */
  drug?: DrugIdentification;
  /** loop 2430: how an earlier payer adjudicated this line */
  adjudications?: LineAdjudication837[];
  /** SV109 and box 24C: the service was an emergency */
  emergency?: boolean;
  /** PS1 and box 20: a service bought from an outside laboratory, its charge (cents) and the lab's identifier */
  purchasedService?: { providerId: string; charge: number };
}

/** Loop 2430: an earlier payer's adjudication of one line (SVD, CAS, DTP 573), for secondary and tertiary claims. */
export interface LineAdjudication837 {
  payerId: string;
  paid: number;
  /** HC (procedure) or NU (revenue code) and the code, with modifiers */
  qualifier: 'HC' | 'NU';
  code: string;
  modifiers: string[];
  units: string;
  adjustments: Array<{ group: string; reason: string; amount: number }>;
  /** when it was adjudicated, mm/dd/yyyy */
  date: IsoDate;
}

export interface DrugIdentification {
  ndc: string;
  quantity: string;
  unit: 'F2' | 'GR' | 'ME' | 'ML' | 'UN';
}

/** Loops 2320/2330: a payer that has already adjudicated the claim (for secondary and tertiary claims). */
export interface OtherPayer837 {
  responsibility: 'P' | 'S' | 'T';
  relationship: string;
  groupNumber?: string;
  filingIndicator: string;
  subscriber: Party & { memberId: string };
  payer: { name: string; payerId: string };
  /** what it paid (AMT*D); absent when it has not adjudicated the claim yet (the coverage is only disclosed) */
  paidAmount?: number;
  adjustments: Array<{ group: string; reason: string; amount: number }>;
}

/** What professional and institutional claims share: the parties and the claim's identity. */
export interface ClaimCommon837 {
  patientControlNumber: string;
  totalCharge: number;
  /** 1 original, 7 replacement, 8 void */
  frequency: '1' | '7' | '8';
  originalReference?: string;
  priorAuthorization?: string;
  billingProvider: Party & { npi: string; taxId: string; taxonomy?: string; address: Address };
  subscriber: {
    party: Party;
    memberId: string;
    responsibility: 'P' | 'S' | 'T';
    relationship: '18' | string;
    groupNumber?: string;
    filingIndicator: string;
    dateOfBirth?: IsoDate;
    sex?: 'F' | 'M' | 'U';
    address?: Address;
  };
  payer: { name: string; payerId: string };
  patient?: { party: Party; relationship: string; dateOfBirth: IsoDate; sex: 'F' | 'M' | 'U'; address: Address };
  otherPayers?: OtherPayer837[];
  /** loop 2310C (837P) and box 32: where the services were given, when not at the billing provider's address */
  serviceFacility?: { name: string; npi?: string; address: Address };
  /** CLM07 and box 27: false when the provider does not accept assignment (absent: it does) */
  acceptAssignment?: false;
  /** CLM08 and box 13: false when the insured has not assigned the benefits to the provider (absent: assigned) */
  benefitsAssigned?: false;
}

/** CLM11 and box 10: what the condition is related to, and the state of an auto accident. */
export interface RelatedCauses {
  employment?: true;
  autoAccident?: true;
  otherAccident?: true;
  state?: string;
}

export interface Claim837P extends ClaimCommon837 {
  placeOfService: string;
  relatedCauses?: RelatedCauses;
  /** DTP*431 and box 14 (qualifier 431): onset of the current illness or injury */
  onsetDate?: IsoDate;
  /** DTP*439 and box 15 (qualifier 439): the accident's day */
  accidentDate?: IsoDate;
  /** loop 2310D: the supervising provider */
  supervisingProvider?: Party & { npi: string };
  /** what the patient paid toward the claim at the visit (a copay): AMT*F5, CMS-1500 box 29 */
  patientAmountPaid?: number;
  /** NTE*ADD and box 19: additional claim information, at most 80 characters */
  additionalInformation?: string;
  /** DTP in loop 2300 and boxes 14–18: the claim's other dates (last menstrual period, initial treatment, unable to work, hospitalized…) by qualifier */
  otherDates?: Array<{ qualifier: string; date: IsoDate; through?: IsoDate }>;
  diagnoses: string[];
  renderingProvider?: Party & { npi: string };
  referringProvider?: Party & { npi: string };
  lines: ServiceLine837[];
}

export interface Diagnosis837I {
  code: string;
  /** blank when exempt from reporting */
  presentOnAdmission?: 'Y' | 'N' | 'U' | 'W';
}

export interface InstitutionalLine837 {
  revenueCode: string;
  procedure?: string;
  modifiers: string[];
  charge: number;
  units: string;
  unitCode: 'UN' | 'DA';
  dateOfService?: IsoDate;
  drug?: DrugIdentification;
  adjudications?: LineAdjudication837[];
}

export interface Claim837I extends ClaimCommon837 {
  /** REF*EA and FL3b: the medical record number the provider keeps the stay under */
  medicalRecordNumber?: string;
  /** type of bill without its frequency: facility type and bill classification, e.g. 13 */
  facilityCode: string;
  statementFrom: IsoDate;
  statementTo: IsoDate;
  admissionType?: string;
  admissionSource?: string;
  /** an inpatient stay's admission (DTP*435, FL12/FL13): its date, and its hour when known (0–23) */
  admission?: { date: IsoDate; hour?: number };
  /** the hour the patient left (DTP*096, FL16), 0–23 */
  dischargeHour?: number;
  patientStatus: string;
  principalDiagnosis: Diagnosis837I;
  admittingDiagnosis?: string;
  otherDiagnoses: Diagnosis837I[];
  attendingProvider?: Party & { npi?: string };
  /** HI BG: condition codes (up to 24) */
  conditionCodes?: string[];
  /** HI BE: value codes with their amounts (cents) */
  valueCodes?: Array<{ code: string; amount: number }>;
  /** HI BH: occurrence codes with their dates */
  occurrenceCodes?: Array<{ code: string; date: IsoDate }>;
  lines: InstitutionalLine837[];
}

export interface Batch837<C extends ClaimCommon837 = Claim837P> {
  submitter: { name: string; id: string; contactName: string; phone: string };
  receiver: { name: string; id: string };
  /** ISA05/ISA07 qualifiers default to ZZ (mutually defined), as most clearing houses ask */
  interchange: {
    senderId: string;
    receiverId: string;
    control: number;
    usage: 'T' | 'P';
    date: Date;
    senderQualifier?: string;
    receiverQualifier?: string;
  };
  claims: C[];
}

export type Batch837P = Batch837<Claim837P>;
export type Batch837I = Batch837<Claim837I>;
