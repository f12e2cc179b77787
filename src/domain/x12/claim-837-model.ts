// A professional claim (837P) as the writer takes it and the reader gives it back. Cents; mm/dd/yyyy.
export interface Party { name: string; firstName?: string; entity: 'person' | 'organization'; idQualifier?: string; id?: string }
export interface Address { line1: string; line2?: string; city: string; state: string; zip: string }

export interface ServiceLine837 {
  procedure: string;
  modifiers: string[];
  charge: number;
  units: string;
  unitCode: 'UN' | 'MJ';
  placeOfService?: string;
  /** 1-based pointers into the claim's diagnoses */
  diagnosisPointers: number[];
  dateOfService: string;
}

/** Loops 2320/2330: a payer that has already adjudicated the claim (for secondary and tertiary claims). */
export interface OtherPayer837 {
  responsibility: 'P' | 'S' | 'T';
  relationship: string;
  groupNumber?: string;
  filingIndicator: string;
  subscriber: Party & { memberId: string };
  payer: { name: string; payerId: string };
  paidAmount: number;
  adjustments: Array<{ group: string; reason: string; amount: number }>;
}

export interface Claim837P {
  patientControlNumber: string;
  totalCharge: number;
  placeOfService: string;
  /** 1 original, 7 replacement, 8 void */
  frequency: '1' | '7' | '8';
  originalReference?: string;
  priorAuthorization?: string;
  diagnoses: string[];
  billingProvider: Party & { npi: string; taxId: string; taxonomy?: string; address: Address };
  subscriber: { party: Party; memberId: string; responsibility: 'P' | 'S' | 'T'; relationship: '18' | string; groupNumber?: string; filingIndicator: string; dateOfBirth?: string; sex?: 'F' | 'M' | 'U'; address?: Address };
  payer: { name: string; payerId: string };
  patient?: { party: Party; relationship: string; dateOfBirth: string; sex: 'F' | 'M' | 'U'; address: Address };
  renderingProvider?: Party & { npi: string };
  referringProvider?: Party & { npi: string };
  otherPayers?: OtherPayer837[];
  lines: ServiceLine837[];
}

export interface Batch837P {
  submitter: { name: string; id: string; contactName: string; phone: string };
  receiver: { name: string; id: string };
  interchange: { senderId: string; receiverId: string; control: number; usage: 'T' | 'P'; date: Date };
  claims: Claim837P[];
}
