import { describe, expect, it } from 'vitest';
import { DISCHARGE_NEEDS, dischargeMissing, lengthOfStay } from '../../../src/domain/admissions/admission-rules.ts';

/** The discharge dialog's checklist: what the UB-04 needs that the admission does not have yet (the server checks with the same function). */
const complete = {
  admission_hour: 8,
  discharge_date: '03/16/2026',
  discharge_hour: 11,
  statement_from: '03/14/2026',
  statement_through: '03/16/2026',
  admission_type: '1',
  admission_source: '7',
  patient_status: '01',
  policies: [{ insurance_policy_id: 4 }],
  diagnoses: [{ code: 'J18.9' }],
  services: [{ revenue_code: '0120' }],
};

describe('discharge checklist', () => {
  it('an empty admission misses every item, in the order the checklist shows them', () => {
    expect(dischargeMissing({})).toEqual(Object.keys(DISCHARGE_NEEDS));
  });

  it('a complete admission misses nothing', () => {
    expect(dischargeMissing(complete)).toEqual([]);
  });

  it('midnight is an hour: 0 is given, an empty hour is not', () => {
    expect(dischargeMissing({ ...complete, admission_hour: 0 })).toEqual([]);
    expect(dischargeMissing({ ...complete, discharge_hour: '' })).toEqual(['discharge_hour']);
  });

  it('a policy row counts only when it names a policy, a diagnosis only when it has a code', () => {
    expect(
      dischargeMissing({ ...complete, policies: [{ insurance_policy_id: null }], diagnoses: [{ code: '' }] }),
    ).toEqual(['policies', 'diagnoses']);
  });

  it('each item turns green as it is filled', () => {
    const partly = { ...complete, discharge_date: '', patient_status: undefined };
    expect(dischargeMissing(partly)).toEqual(['discharge_date', 'patient_status']);
    expect(dischargeMissing({ ...partly, discharge_date: '03/16/2026' })).toEqual(['patient_status']);
  });

  it('a same-day stay counts one day; a stay runs to the discharge date', () => {
    expect(lengthOfStay({ admission_date: '03/14/2026', discharge_date: '03/14/2026' })).toBe(1);
    expect(lengthOfStay({ admission_date: '03/14/2026', discharge_date: '03/16/2026' })).toBe(2);
  });

  it('while the patient is in, the stay runs to today', () => {
    expect(lengthOfStay({ admission_date: '03/14/2026' }, new Date(2026, 2, 19))).toBe(5);
  });
});
