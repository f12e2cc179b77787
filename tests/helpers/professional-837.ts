import { toIsoDate } from '../../src/domain/formats.ts';
import type { Batch837P, Claim837P } from '../../src/domain/x12/claim-837-model.ts';

// A clean professional claim and batch, as a biller's system would send them (valid NPIs, balanced lines): the base the
// 837P writer's tests and the intake's hostile files start from.
export const claim = (n: number): Claim837P => ({
  patientControlNumber: `PCN${n}`,
  totalCharge: 12550,
  placeOfService: '11',
  frequency: '1',
  priorAuthorization: 'AUTH1',
  diagnoses: ['E119', 'I10'],
  billingProvider: {
    name: 'SUNSHINE CLINIC',
    entity: 'organization',
    npi: '1234567893',
    taxId: '591234567',
    taxonomy: '207Q00000X',
    address: { line1: '100 MAIN ST', city: 'MIAMI', state: 'FL', zip: '331010000' },
  },
  subscriber: {
    party: { name: 'DOE', firstName: 'JANE', entity: 'person' },
    memberId: 'M123',
    responsibility: 'P',
    relationship: '18',
    groupNumber: 'G77',
    filingIndicator: 'CI',
    dateOfBirth: toIsoDate('1973-05-01'),
    sex: 'F',
    address: { line1: '1 OAK AVE', city: 'MIAMI', state: 'FL', zip: '33101' },
  },
  payer: { name: 'KEY INSURANCE', payerId: '99999' },
  renderingProvider: { name: 'KILDARE', firstName: 'BEN', entity: 'person', npi: '1234567893' },
  lines: [
    {
      procedure: '99213',
      modifiers: ['25'],
      charge: 10000,
      units: '1',
      unitCode: 'UN',
      diagnosisPointers: [1, 2],
      dateOfService: toIsoDate('2025-10-03'),
    },
    {
      procedure: '81002',
      modifiers: [],
      charge: 2550,
      units: '1',
      unitCode: 'UN',
      diagnosisPointers: [1],
      dateOfService: toIsoDate('2025-10-03'),
    },
  ],
});

export const batch = (claims: Claim837P[]): Batch837P => ({
  submitter: { name: 'PREMIER BILLING', id: 'SUB01', contactName: 'JERRY', phone: '305-555-2222' },
  receiver: { name: 'CLEARING HOUSE', id: 'CH01' },
  interchange: {
    senderId: 'SUB01',
    receiverId: 'CH01',
    control: 42,
    usage: 'T',
    date: new Date('2025-10-05T14:30:00Z'),
  },
  claims,
});
