import x12 from 'node-x12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import { read837P } from '../../src/domain/x12/claim-837p-reader.ts';
import { read837I } from '../../src/domain/x12/claim-837i-reader.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import type { Batch837 } from '../../src/domain/x12/claim-837-model.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { claimsByControl } from '../../dev-server/claims/claims-by-control.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

const envelope = {
  submitter: { name: 'SUN BILLING', id: 'SUB01', contactName: 'ANA', phone: '3055552222' },
  receiver: { name: 'AVAILITY', id: '030240928' },
  interchange: {
    senderId: 'SUB01',
    receiverId: '030240928',
    control: 7,
    usage: 'T' as const,
    date: new Date('2026-03-10T12:00:00Z'),
  },
};
const strip = <T extends { id: number }>(cs: T[]) => cs.map(({ id: _id, ...c }) => c);

/** What node-x12 (an independent parser, strict about envelopes and counts) finds: claims with their charge and lines. */
function independentRead(text: string) {
  const interchange = new x12.X12Parser(true).parse(text) as any;
  const segments = interchange.functionalGroups.flatMap((g: any) => g.transactions.flatMap((t: any) => t.segments));
  const claims: Array<{ id: string; charge: number; lines: number }> = [];
  const cents = (v: string) => {
    const [d, c = ''] = v.split('.');
    return Number(d) * 100 + Number(c.padEnd(2, '0'));
  };
  for (const s of segments) {
    if (s.tag === 'CLM') claims.push({ id: s.elements[0].value, charge: cents(s.elements[1].value), lines: 0 });
    if ((s.tag === 'SV1' || s.tag === 'SV2') && claims.length) claims[claims.length - 1].lines += 1;
  }
  return claims;
}

/** An outpatient institutional claim (type of bill 131) of one day: two revenue-code lines, diagnoses with POA, a condition and a value code. */
const outpatientClaim = (day: string) =>
  goodClaim(w, {
    format_id: 2,
    type_of_bill: '131',
    patient_status: '01',
    admission_type: '3',
    admission_source: '2',
    place_of_service: undefined,
    diagnoses: [
      { code: 'E11.9', poa: 'Y' },
      { code: 'I10', poa: 'Y' },
    ],
    condition_codes: ['09'],
    value_codes: [{ code: 'A1', amount: 5000 }],
    services: [
      {
        from_service: day,
        to_service: day,
        revenue_code: '0450',
        procedure_code: '99213',
        days_or_units: '1',
        price: 45000,
      },
      {
        from_service: day,
        to_service: day,
        revenue_code: '0300',
        procedure_code: '85025',
        days_or_units: '2',
        price: 2500,
      },
    ],
  });

describe('what a clearing house refuses is refused at save, in words', () => {
  it('a prior authorization with a separator (PA*12345) is a 422 that names the characters allowed, and nothing is written', async () => {
    const before = Number((await app.db.query<{ n: number }>('select count(*)::int as n from claims')).rows[0].n);
    const r = await root('POST', '/claim/verify-register', goodClaim(w, { prior_authorization: 'PA*12345' }));
    expect(r.status).toBe(422);
    expect(r.body.errors.prior_authorization).toEqual([
      'The prior authorization number may hold only letters, digits, spaces and - . / (a clearing house reads * : ^ ~ as separators).',
    ]);
    expect(Number((await app.db.query<{ n: number }>('select count(*)::int as n from claims')).rows[0].n)).toBe(before);
  });

  it("an original reference with a segment terminator (HUM~ORIG:77) is refused the same way, in the person's Spanish too", async () => {
    await app.db.query("update users set language = 'es' where email = 'root@test.com'");
    try {
      const r = await root(
        'POST',
        '/claim/verify-register',
        goodClaim(w, { frequency: '7', original_reference: 'HUM~ORIG:77' }),
      );
      expect(r.status).toBe(422);
      expect(r.body.errors.original_reference).toEqual([
        'El campo número de referencia original solo admite letras, dígitos, espacios y - . / (la cámara de compensación lee * : ^ ~ como separadores).',
      ]);
    } finally {
      await app.db.query("update users set language = 'en' where email = 'root@test.com'");
    }
  });

  it('present on admission takes Y, N, U, W or E (exempt): the retired 4010 value 1 is refused', async () => {
    const r = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, { ...outpatientClaim('03/03/2026'), diagnoses: [{ code: 'E11.9', poa: '1' }] }),
    );
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['diagnoses.0.poa']);
  });

  it('a diagnosis exempt from POA reporting is sent blank in the 837I, which the validator accepts', async () => {
    const inst = await root('POST', '/claim/verify-register', {
      ...outpatientClaim('03/04/2026'),
      diagnoses: [
        { code: 'E11.9', poa: 'Y' },
        { code: 'I10', poa: 'E' },
      ],
    });
    expect(inst.status, JSON.stringify(inst.body)).toBe(201);
    const { institutional } = await claimsFor837(app.db, w.bc, [inst.body.id]);
    const text = write837I({ ...envelope, claims: strip(institutional) } as Batch837<any>);
    expect(text).toContain('HI*ABF:I10~');
    expect((await validateX12({ 'exempt.837': text })).output.trim()).toBe('exempt.837: OK');
  });
});

describe('claims as an 837', () => {
  it('verified professional claims are written as an 837P that our reader reads back to the same claims, without findings', async () => {
    const a = await root('POST', '/claim/verify-register', goodClaim(w, { referring_provider_id: w.referring }));
    const b = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        services: [
          {
            from_service: '03/09/2026',
            to_service: '03/09/2026',
            procedure_code: '71046',
            modifiers: ['LT'],
            diagnosis_pointers: ['B'],
            days_or_units: '1',
            price: 9000,
          },
        ],
      }),
    );
    expect([a.status, b.status]).toEqual([201, 201]);
    const { professional } = await claimsFor837(app.db, w.bc, [a.body.id, b.body.id]);
    const text = write837P({ ...envelope, claims: strip(professional) } as Batch837);
    const doc = readInterchanges(text);
    expect(doc.findings).toEqual([]);
    const back = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(back.findings).toEqual([]);
    expect(back.claims).toEqual(strip(professional));
    expect(back.claims.map((c) => c.totalCharge)).toEqual([a.body.billed_amount, b.body.billed_amount]);
  });

  it('node-x12 reads the same 837P: the same claims, charges and line counts', async () => {
    const c = await root('POST', '/claim/verify-register', goodClaim(w));
    const { professional } = await claimsFor837(app.db, w.bc, [c.body.id]);
    const found = independentRead(write837P({ ...envelope, claims: strip(professional) } as Batch837));
    expect(found).toEqual([{ id: professional[0].patientControlNumber, charge: c.body.billed_amount, lines: 2 }]);
  });

  it('an institutional claim with revenue codes is written as an 837I that both readers read back', async () => {
    const inst = await root('POST', '/claim/verify-register', outpatientClaim('03/02/2026'));
    expect(inst.status, JSON.stringify(inst.body)).toBe(201);
    const { institutional } = await claimsFor837(app.db, w.bc, [inst.body.id]);
    const text = write837I({ ...envelope, claims: strip(institutional) } as Batch837<any>);
    const doc = readInterchanges(text);
    const back = read837I(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(back.findings).toEqual([]);
    expect(back.claims).toEqual(strip(institutional));
    expect(back.claims[0].lines.map((l) => l.revenueCode)).toEqual(['0450', '0300']);
    expect(independentRead(text)).toEqual([
      { id: institutional[0].patientControlNumber, charge: inst.body.billed_amount, lines: 2 },
    ]);
  });

  it('the 837P it writes passes the independent 5010 validator (pyx12): two claims, a referring provider, a modifier', async () => {
    const a = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        referring_provider_id: w.referring,
        services: goodClaim(w).services.map((l) => ({ ...l, from_service: '03/11/2026', to_service: '03/11/2026' })),
      }),
    );
    const b = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        services: [
          {
            from_service: '03/12/2026',
            to_service: '03/12/2026',
            procedure_code: '71046',
            modifiers: ['LT'],
            diagnosis_pointers: ['B'],
            days_or_units: '1',
            price: 9000,
          },
        ],
      }),
    );
    expect([a.status, b.status]).toEqual([201, 201]);
    const { professional } = await claimsFor837(app.db, w.bc, [a.body.id, b.body.id]);
    const checked = await validateX12({
      'professional.837': write837P({ ...envelope, claims: strip(professional) } as Batch837),
    });
    expect(checked.output).toContain('professional.837: OK');
    expect(checked.ok).toBe(true);
  });

  it('the 837I it writes passes the independent 5010 validator (pyx12)', async () => {
    const inst = await root('POST', '/claim/verify-register', outpatientClaim('03/13/2026'));
    expect(inst.status, JSON.stringify(inst.body)).toBe(201);
    const { institutional } = await claimsFor837(app.db, w.bc, [inst.body.id]);
    const checked = await validateX12({
      'institutional.837': write837I({ ...envelope, claims: strip(institutional) } as Batch837<any>),
    });
    expect(checked.output).toContain('institutional.837: OK');
    expect(checked.ok).toBe(true);
  });

  it('an inpatient stay sends its admission date and hour (DTP*435) and discharge hour (DTP*096), passes the validator and reads back', async () => {
    const stay = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '111',
        patient_status: '01',
        admission_type: '1',
        admission_source: '1',
        place_of_service: undefined,
        admission_date: '03/20/2026',
        admission_hour: 14,
        discharge_date: '03/22/2026',
        discharge_hour: 10,
        statement_from: '03/20/2026',
        statement_through: '03/22/2026',
        diagnoses: [{ code: 'E11.9', poa: 'Y' }],
        services: [
          {
            from_service: '03/20/2026',
            to_service: '03/21/2026',
            revenue_code: '0120',
            days_or_units: '2',
            price: 90000,
          },
          {
            from_service: '03/21/2026',
            to_service: '03/21/2026',
            revenue_code: '0300',
            procedure_code: '85025',
            days_or_units: '1',
            price: 2500,
          },
        ],
      }),
    );
    expect(stay.status, JSON.stringify(stay.body)).toBe(201);
    const { institutional } = await claimsFor837(app.db, w.bc, [stay.body.id]);
    const text = write837I({ ...envelope, claims: strip(institutional) } as Batch837<any>);
    expect(text).toContain('DTP*435*DT*202603201400~');
    expect(text).toContain('DTP*096*TM*1000~');
    const checked = await validateX12({ 'inpatient.837': text });
    expect(checked.output).toContain('inpatient.837: OK');
    const doc = readInterchanges(text);
    expect(read837I(doc.interchanges[0].groups[0].transactions[0], doc.separators!).claims[0]).toMatchObject({
      admission: { date: '2026-03-20', hour: 14 },
      dischargeHour: 10,
    });
  });

  it('a copay the patient paid at the visit is sent as AMT*F5 and passes the validator', async () => {
    const claim = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        services: goodClaim(w).services.map((l) => ({ ...l, from_service: '03/18/2026', to_service: '03/18/2026' })),
      }),
    );
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    await app.db.query('update claims set amount_paid = 2500 where id = $1', [claim.body.id]);
    const { professional } = await claimsFor837(app.db, w.bc, [claim.body.id]);
    const text = write837P({ ...envelope, claims: strip(professional) } as Batch837);
    expect(text).toContain('AMT*F5*25.00~');
    const checked = await validateX12({ 'copay.837': text });
    expect(checked.output).toContain('copay.837: OK');
  });

  it("a subscriber who is not the patient: the 837P carries the subscriber's birth date as CCYYMMDD (DMG*D8*19790315) and passes the validator", async () => {
    const spouse = Number(
      (
        await app.db.query<{ id: number }>(
          `insert into patients (billing_company_id, company_id, first_name, last_name, date_of_birth, sex, addresses) values ($1, $2, 'Marco', 'Perez', '1982-06-01', 'M', $3) returning id`,
          [
            w.bc,
            w.company,
            JSON.stringify([{ address_type_id: 2, address: '12 Palm Ave', city: 'Miami', state: 'FL', zip: '33103' }]),
          ],
        )
      ).rows[0].id,
    );
    const policy = await root('POST', '/insurance-policy', {
      billing_company_id: w.bc,
      patient_id: spouse,
      insurance_company_id: w.payer,
      insurance_plan_id: w.plan,
      policy_number: 'W555000111',
      type_responsibility_id: 1,
      eff_date: '01/01/2020',
      own_insurance: false,
      subscriber: {
        relationship_id: 1,
        first_name: 'Lucia',
        last_name: 'Perez',
        date_of_birth: '03/15/1979',
        sex: 'F',
      },
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    const claim = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        patient_id: spouse,
        insurance_policy_ids: [policy.body.id],
        services: goodClaim(w).services.map((l) => ({ ...l, from_service: '03/16/2026', to_service: '03/16/2026' })),
      }),
    );
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    const { professional } = await claimsFor837(app.db, w.bc, [claim.body.id]);
    const text = write837P({ ...envelope, claims: strip(professional) } as Batch837);
    expect(text).toContain('DMG*D8*19790315*F~');
    const checked = await validateX12({ 'spouse.837': text });
    expect(checked.output).toContain('spouse.837: OK');
  });

  it("CLM01 is the claim's patient control number, at most 20 characters even when the claim number is longer, and answers find the claim by it", async () => {
    await app.db.query(`update companies set abbreviation = 'SUNSHINEFC' where id = $1`, [w.company]);
    try {
      const claim = await root(
        'POST',
        '/claim/verify-register',
        goodClaim(w, {
          services: goodClaim(w).services.map((l) => ({ ...l, from_service: '03/17/2026', to_service: '03/17/2026' })),
        }),
      );
      expect(claim.status, JSON.stringify(claim.body)).toBe(201);
      const { code, pcn } = (
        await app.db.query<{ code: string; pcn: string }>(
          'select code, patient_control_number as pcn from claims where id = $1',
          [claim.body.id],
        )
      ).rows[0];
      expect(code.length).toBeGreaterThan(20);
      expect(pcn).toBe(`SUNS${code.split('-')[2]}`);
      const { professional } = await claimsFor837(app.db, w.bc, [claim.body.id]);
      const text = write837P({ ...envelope, claims: strip(professional) } as Batch837);
      expect(text).toContain(`CLM*${pcn}*`);
      // The payer echoes CLM01 in CLP01 (and the clearing house in TRN02): that number finds this claim.
      const found = await claimsByControl(app.db, w.bc, [pcn]);
      expect(found.get(pcn)?.id).toBe(claim.body.id);
    } finally {
      await app.db.query(`update companies set abbreviation = 'SUN' where id = $1`, [w.company]);
    }
  });
});
