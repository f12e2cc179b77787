import { toIsoDate } from '../../src/domain/formats.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra } from '../helpers/era-claims.ts';
import { write835, type ClaimToRemit } from '../../src/domain/x12/era-835-writer.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { expectReadableLayout } from '../helpers/pdf-layout.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let claims: Map<string, number>;
const n = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await app.db.query<Record<string, unknown>>(sql, params)).rows[0])[0]);
const patient = { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W123456789' };
const denied = (
  pcn: string,
  charge: number,
  reason: string,
  procedure = '99214',
  remarks: string[] = [],
): ClaimToRemit => ({
  patientControlNumber: pcn,
  status: '4',
  charge,
  paid: 0,
  patientResponsibility: 0,
  payerControlNumber: `ICN-${pcn}`,
  patient,
  from: toIsoDate('2026-03-02'),
  lines: [
    {
      procedure,
      charge,
      paid: 0,
      date: toIsoDate('2026-03-02'),
      adjustments: [{ group: 'CO', reason, amount: charge }],
      remarks,
    },
  ],
});

// Three denials of one remittance: 150.00 not medically necessary (CO-50), 420.00 late (CO-29), 90.00 not covered (CO-96); and one paid claim.
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  // The payer the claims are billed to (the world's primary) remits them.
  const billed = (
    await app.db.query<{ name: string; payer_id: string }>(
      'select name, payer_id from insurance_companies where id = $1',
      [w.payer],
    )
  ).rows[0];
  const text = write835({
    sender: 'KEYINS',
    receiver: 'SUNSHINE',
    control: 9,
    date: toIsoDate('2026-03-28'),
    payments: [
      {
        payer: {
          name: billed.name,
          id: billed.payer_id,
          address: { line1: 'PO BOX 14079', city: 'LEXINGTON', state: 'KY', zip: '40512' },
          contact: { phone: '8005550100' },
        },
        payee: { name: 'SUNSHINE CLINIC', npi: '1234567893' },
        method: 'ACH',
        date: toIsoDate('2026-03-28'),
        trace: 'WL1',
        claims: [
          denied('WL-50', 15000, '50', '99214', ['N115']),
          denied('WL-29', 42000, '29', '99215'),
          denied('WL-96', 9000, '96', '99213'),
          {
            patientControlNumber: 'WL-PAID',
            status: '1',
            charge: 10000,
            paid: 8000,
            patientResponsibility: 0,
            payerControlNumber: 'ICN-WL-PAID',
            patient,
            from: toIsoDate('2026-03-02'),
            lines: [
              {
                procedure: '99212',
                charge: 10000,
                paid: 8000,
                date: toIsoDate('2026-03-02'),
                adjustments: [{ group: 'CO', reason: '45', amount: 2000 }],
              },
            ],
          },
        ],
      },
    ],
  });
  claims = await claimsForEra(app.db, w, text);
  await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, content: text, name: 'worklist.835' });
  const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'worklist.835'`)).rows[0];
  expect((await root('POST', '/payments/eras/process', { id: era.id })).body.posted_claims).toBe(4);
});
afterAll(() => app.close());

describe('the denial worklist', () => {
  it('lists the denied claims, most money first, each with its codes in plain words', async () => {
    const r = await root('GET', '/denial/get-all-server');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.map((c: { code: string }) => c.code)).toEqual(['WL-29', 'WL-50', 'WL-96']);
    expect(r.body.count).toBe(3);
    expect(r.body.data[1].denial_codes).toEqual([
      { code: 'CO-50', meaning: expect.stringMatching(/^CO-50: Not medically necessary/) },
    ]);
  });

  it('finds the claims denied for a CARC, by the code alone or with its group', async () => {
    expect(
      (await root('GET', '/denial/get-all-server?carc=29')).body.data.map((c: { code: string }) => c.code),
    ).toEqual(['WL-29']);
    expect(
      (await root('GET', '/denial/get-all-server?carc=CO-96')).body.data.map((c: { code: string }) => c.code),
    ).toEqual(['WL-96']);
    const bad = await root('GET', '/denial/get-all-server?carc=co 50;');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.carc).toEqual(['The CARC must be a code like 50 or CO-50.']);
  });

  it('finds the claims denied with a remark code (RARC), and says it in words', async () => {
    const r = await root('GET', '/denial/get-all-server?rarc=n115');
    expect(r.body.data.map((c: { code: string }) => c.code)).toEqual(['WL-50']);
    expect(r.body.data[0].denial_reasons).toMatch(/CO-50: .*; N115: /);
    expect((await root('GET', '/denial/get-all-server?rarc=CO-50')).body.errors.rarc).toEqual([
      'The RARC must be a code like N130 or MA130.',
    ]);
  });

  it('finds the claims denied longer ago than a number of days, oldest first when sorted by age', async () => {
    await app.db.query(`update claims set denied_at = current_date - 45 where id = $1`, [claims.get('WL-96')]);
    expect(
      (await root('GET', '/denial/get-all-server?age_min=30')).body.data.map(
        (c: { code: string; age_days: number }) => [c.code, c.age_days],
      ),
    ).toEqual([['WL-96', 45]]);
    expect((await root('GET', '/denial/get-all-server?sortBy=age')).body.data[0].code).toBe('WL-96');
  });

  it('changes many claims at once and says which did not change and why', async () => {
    const userId = await app.createUser({
      email: 'collector@worklist.test',
      roles: ['collector'],
      billingCompanyIds: [w.bc],
    });
    const r = await root('POST', '/denial/bulk', {
      ids: [claims.get('WL-50'), claims.get('WL-29'), 999999],
      assigned_user_id: userId,
      follow_up_date: '04/15/2026',
      department_responsibility_id: 3,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.updated).toBe(2);
    expect(r.body.failed).toEqual([{ id: 999999, updated: false, error: 'The claim was not found.' }]);
    expect(
      await n(
        `select count(*) from claims where assigned_user_id = $1 and follow_up_date = '2026-04-15' and department_responsibility_id = 3`,
        [userId],
      ),
    ).toBe(2);
    const mine = await root('GET', `/denial/get-all-server?assigned_user_id=${userId}&follow_up_to=04/30/2026`);
    expect(mine.body.data.map((c: { code: string; assigned_to: string }) => c.code).sort()).toEqual(['WL-29', 'WL-50']);
  });
});

describe('a denial followed up (the tracking form)', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    claim_id: claims.get('WL-50'),
    claim_number: 'ICN-WL-50',
    interface_type: 'call',
    is_reprocess_claim: false,
    is_contact_to_patient: false,
    rep_name: 'Dana at Key Insurance',
    ref_number: 'REF-7781',
    claim_status: 6,
    tracking_date: '03/30/2026',
    follow_up: '04/06/2026',
    department_responsible: 3,
    policy_responsible: w.policy,
    tracking_note: 'Payer needs medical records for medical necessity',
    ...over,
  });

  it('contacting the patient names how, and nothing is recorded without it', async () => {
    const r = await root('POST', '/denial', form({ is_contact_to_patient: true }));
    expect(r.status).toBe(422);
    expect(r.body.errors.contact_through).toEqual(['Say how the patient was contacted.']);
    expect(await n('select count(*) from denial_trackings')).toBe(0);
  });

  it("records the call, puts the claim in the sub-status it names with the note in its history, and sets the claim's follow-up", async () => {
    const sub = (
      await root('POST', '/claim-sub-status', {
        billing_company_id: w.bc,
        code: 'MRREQ',
        name: 'Medical records requested',
        claim_status_ids: [6],
        denial: true,
      })
    ).body.id;
    const r = await root('POST', '/denial', form({ claim_sub_status: sub }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const claim = (
      await app.db.query<{ sub_status_id: number; follow_up_date: string }>(
        `select sub_status_id, to_char(follow_up_date, 'MM/DD/YYYY') as follow_up_date from claims where id = $1`,
        [claims.get('WL-50')],
      )
    ).rows[0];
    expect(claim).toEqual({ sub_status_id: sub, follow_up_date: '04/06/2026' });
    const note = (
      await app.db.query<{ note: string; id: number }>(
        `select id, note from claim_notes where claim_id = $1 and kind = 'tracking'`,
        [claims.get('WL-50')],
      )
    ).rows[0];
    expect(note.note).toBe('Payer needs medical records for medical necessity');
    expect(await n('select claim_note_id from denial_trackings where id = $1', [r.body.id])).toBe(Number(note.id));
  });

  it('a collector closes a denied claim as Complete through the denial permission, not the claim status one', async () => {
    await app.createUser({ email: 'collector2@worklist.test', roles: ['collector'], billingCompanyIds: [w.bc] });
    const collector = app.as(await app.login('collector2@worklist.test'));
    const r = await collector(
      'POST',
      '/denial',
      form({
        claim_id: claims.get('WL-96'),
        claim_number: 'ICN-WL-96',
        claim_status: 7,
        tracking_note: 'Not covered; written off per contract',
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await n('select status_id from claims where id = $1', [claims.get('WL-96')])).toBe(7);
  });

  it('a move only the system makes (back to Not submitted) is refused to a follow-up, and nothing is recorded', async () => {
    const before = await n('select count(*) from denial_trackings');
    const r = await root(
      'POST',
      '/denial',
      form({ claim_id: claims.get('WL-29'), claim_number: 'ICN-WL-29', claim_status: 2 }),
    );
    expect(r.status).toBe(422);
    expect(await n('select count(*) from denial_trackings')).toBe(before);
    expect(await n('select status_id from claims where id = $1', [claims.get('WL-29')])).toBe(6);
  });

  it("the denial screen's claim shows the payer's claim number and the follow-ups, newest first", async () => {
    const r = await root('GET', `/denial/${claims.get('WL-50')}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.payer_claim_numbers).toEqual(['ICN-WL-50']);
    expect(r.body.insurance_claim_numbers).toBe('ICN-WL-50');
    expect(
      r.body.trackings.map((t: { rep_name: string; tracking_date: string }) => [t.rep_name, t.tracking_date]),
    ).toEqual([['Dana at Key Insurance', '03/30/2026']]);
  });

  it("a denied claim's payer claim numbers and what was paid on it are read from the denial screen", async () => {
    const id = claims.get('WL-50');
    expect((await root('GET', `/denial/${id}/insurance-claim-numbers`)).body).toEqual(['ICN-WL-50']);
    const paid = await root('GET', `/denial/${id}/payments`);
    expect(paid.body).toMatchObject({ claim_id: id });
    expect(paid.body.paid).toBe(
      await n('select coalesce(sum(paid), 0) from payment_services where claim_id = $1', [id]),
    );
    expect((await root('GET', `/denial/${id}/eobs`)).body).toEqual(paid.body.eobs);
  });

  it('answers a collector who reads Spanish in Spanish, the amounts kept', async () => {
    await app.createUser({ email: 'cobranza@worklist.test', roles: ['collector'], billingCompanyIds: [w.bc] });
    await app.db.query("update users set language = 'es' where email = 'cobranza@worklist.test'");
    const es = app.as(await app.login('cobranza@worklist.test'));
    expect((await es('GET', '/denial/get-all-server?carc=x y')).body.errors.carc).toEqual([
      'El CARC debe ser un código como 50 o CO-50.',
    ]);
    expect((await es('GET', '/denial/get-all-server?sortBy=color')).body.errors.sortBy).toEqual([
      'La lista no se puede ordenar por color.',
    ]);
  });

  it("a collector who reads Spanish reads the denial codes' words in Spanish", async () => {
    await app.createUser({ email: 'cobros@worklist.test', roles: ['collector'], billingCompanyIds: [w.bc] });
    await app.db.query("update users set language = 'es' where email = 'cobros@worklist.test'");
    const es = app.as(await app.login('cobros@worklist.test'));
    const r = await es('GET', '/denial/get-all-server?carc=CO-50');
    expect(r.body.data[0].denial_codes).toEqual([
      {
        code: 'CO-50',
        meaning:
          'CO-50: No es médicamente necesario a juicio del pagador (Obligación contractual: el proveedor la cancela; el paciente no la debe)',
      },
    ]);
  });

  it('the denial screens offer the statuses of a transmitted claim and the sub-statuses made for denials', async () => {
    expect((await root('GET', '/claim/get-list-status?type=denial')).body.map((s: { id: number }) => s.id)).toEqual([
      3, 4, 5, 6, 7,
    ]);
    await root('POST', '/claim-sub-status', {
      billing_company_id: w.bc,
      code: 'NOTDEN',
      name: 'Waiting for the clearing house',
      claim_status_ids: [3],
      denial: false,
    });
    const subs = (await root('GET', '/claim-sub-status/get-list?type=denial')).body.map(
      (s: { name: string }) => s.name,
    );
    expect(subs).toContain('Medical records requested');
    expect(subs).not.toContain('Waiting for the clearing house');
  });

  it('the refile reasons are the seeded three', async () => {
    const r = await root('GET', '/denial/refile-reasons');
    expect(r.body.map((x: { code: string }) => x.code)).toEqual(['01', '02', '03']);
  });
});

describe('an appeal letter', () => {
  const letter = async (email: string, claimId: number) => {
    const res = await fetch(`${app.url}/denial/${claimId}/appeal-letter`, {
      headers: { authorization: `Bearer ${await app.login(email)}` },
    });
    if (!res.ok) return { status: res.status, type: res.headers.get('content-type'), text: '' };
    const bytes = await res.arrayBuffer();
    await expectReadableLayout(bytes, 'portrait');
    return { status: res.status, type: res.headers.get('content-type'), text: await pdfText(bytes) };
  };
  it('is a PDF of the standard letter with the claim, the denial in plain words and the follow-ups', async () => {
    const { type, text } = await letter('root@test.com', claims.get('WL-50')!);
    expect(type).toBe('application/pdf');
    expect(text).toContain('Appeals Department');
    expect(text).toContain('Claim: WL-50');
    expect(text).toContain('Payer claim number: ICN-WL-50');
    expect(text).toContain("CO-50: Not medically necessary in the payer's judgment");
    expect(text).toContain('Dana at Key Insurance (ref. REF-7781): Payer needs medical records for medical necessity');
  });

  it("is addressed to the payer the claim was billed to, at the payer's mailing address", async () => {
    const payer = (
      await app.db.query<{ id: number; name: string }>(
        `select i.id, i.name from claims c join insurance_policies p on p.id = (c.insurance_policy_ids->>0)::bigint
           join insurance_companies i on i.id = p.insurance_company_id where c.id = $1`,
        [claims.get('WL-50')],
      )
    ).rows[0];
    await app.db.query(
      `update insurance_companies set address = 'PO Box 14079', city = 'Lexington', state = 'KY', zip = '40512-4079' where id = $1`,
      [payer.id],
    );
    const { text } = await letter('root@test.com', claims.get('WL-50')!);
    expect(text).toMatch(new RegExp(`${payer.name}\\s+Appeals Department\\s+PO Box 14079\\s+Lexington, KY 40512-4079`));
  });

  it('names the provider by its NPI and the one tax id its 837 carries (the EIN) and says only what is meant for a payer: no word of who writes what off', async () => {
    const { text } = await letter('root@test.com', claims.get('WL-50')!);
    const co = (
      await app.db.query<{ name: string; npi: string; tax: string }>(
        'select name, npi, ein as tax from companies where id = $1',
        [w.company],
      )
    ).rows[0];
    expect(text).toContain(`Provider: ${co.name}   NPI: ${co.npi}   Tax ID: ${co.tax}`);
    expect(text).not.toMatch(/Contractual obligation|writes it off|does not owe/);
  });

  it("follows the billing company's own template, placeholders filled", async () => {
    await app.db.query(
      `update billing_companies set appeal_template = 'Dear {{payer}}, please pay {{claim}} ({{billed}}) for {{patient}}. {{unknown}}' where id = $1`,
      [w.bc],
    );
    const { text } = await letter('root@test.com', claims.get('WL-29')!);
    expect(text).toMatch(/please pay WL-29 \(420\.00\) for Lucia Perez\. \{\{unknown\}\}/);
  });

  it('needs the appeal permission', async () => {
    await app.createUser({ email: 'processor@worklist.test', roles: ['paymentprocessor'], billingCompanyIds: [w.bc] });
    expect((await letter('processor@worklist.test', claims.get('WL-50')!)).status).toBe(403);
  });

  // The template test above leaves its own template on the billing company: these read the standard letter.
  const standardLetter = () =>
    app.db.query('update billing_companies set appeal_template = null where id = $1', [w.bc]);
  const printEdited = async (claimId: number, body: unknown) =>
    fetch(`${app.url}/denial/${claimId}/appeal-letter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await app.login('root@test.com')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('is offered as text to edit first: the same letter the PDF prints, with the name its PDF is saved under', async () => {
    await standardLetter();
    const r = await root('GET', `/denial/${claims.get('WL-50')}/appeal-letter/text`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file_name).toBe('appeal-WL-50.pdf');
    expect(r.body.text).toContain('Claim: WL-50');
    expect(r.body.text).toContain("CO-50: Not medically necessary in the payer's judgment");
  });

  it('prints the text as the person edited it, a line they added included and a line they took out left out', async () => {
    await standardLetter();
    const draft = (await root('GET', `/denial/${claims.get('WL-50')}/appeal-letter/text`)).body.text as string;
    const edited = draft
      .replace('Appeals Department', 'Attn: Provider Appeals, Unit 4')
      .concat('\n\nEnclosed: operative report of 03/02/2026 (4 pages).');
    const res = await printEdited(claims.get('WL-50')!, { text: edited });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = await res.arrayBuffer();
    await expectReadableLayout(bytes, 'portrait');
    const text = await pdfText(bytes);
    expect(text).toContain('Attn: Provider Appeals, Unit 4');
    expect(text).toContain('Enclosed: operative report of 03/02/2026 (4 pages).');
    expect(text).not.toContain('Appeals Department');
  });

  it('an edited letter that is empty is refused in words, and no PDF is made', async () => {
    const res = await printEdited(claims.get('WL-50')!, { text: ' \n\n ' });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.text).toEqual(['Write the letter before printing it: it is empty.']);
  });

  it('an edited letter longer than a letter holds is refused with the limit', async () => {
    const res = await printEdited(claims.get('WL-50')!, { text: 'x'.repeat(20_001) });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.text).toEqual(['A letter may hold at most 20,000 characters.']);
  });
});

describe("the denial screen's own calls", () => {
  it('the list screen filters by the same bounds under its column names (amount in cents, days, follow-up range)', async () => {
    const codes = async (q: string) =>
      (await root('GET', `/denial?${q}`)).body.data.map((c: { code: string }) => c.code).sort();
    expect(await codes('billed_amount_min=15000&billed_amount_max=42000')).toEqual(['WL-29', 'WL-50']);
    expect(await codes('status_id=7&age_days_min=30')).toEqual(['WL-96']);
    expect(await codes('follow_up_date_from=04/01/2026&follow_up_date_to=04/30/2026')).toEqual(['WL-29', 'WL-50']);
  });

  it('each row says its denial in words in one column, and names its payer for the payer filter', async () => {
    const row = (await root('GET', `/denial/get-all-server?ids=${claims.get('WL-50')}`)).body.data[0];
    expect(row.denial_reasons).toMatch(/^CO-50: Not medically necessary/);
    expect(row.payer).toBe('SUN Health Plan');
    const byPayer = await root(
      'GET',
      `/denial/get-all-server?insurance_company_id=${row.insurance_company_id}&ids=${claims.get('WL-50')}`,
    );
    expect(byPayer.body.count).toBe(1);
  });

  it('a claim named by id is found whatever its status (a refiled one back to Not submitted)', async () => {
    await app.db.query('update claims set status_id = 2 where id = $1', [claims.get('WL-PAID')]);
    const r = await root('GET', `/denial/${claims.get('WL-PAID')}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.body.code, r.body.status_id]).toEqual(['WL-PAID', 2]);
    expect((await root('GET', '/denial/get-all-server')).body.data.map((c: { code: string }) => c.code)).not.toContain(
      'WL-PAID',
    );
  });

  it("a follow-up starts from its claim: the payer's claim number, status, billed policy, today, a call", async () => {
    const r = await root('GET', `/denial/tracking/defaults?claim_id=${claims.get('WL-29')}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      claim_number: 'ICN-WL-29',
      claim_status: 6,
      policy_responsible: w.policy,
      interface_type: 'call',
      department_responsible: 3,
    });
    expect(r.body.tracking_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it("a refile starts with the payer's claim number a corrected or void claim names", async () => {
    const r = await root('GET', `/denial/refile/defaults?claim_id=${claims.get('WL-29')}`);
    expect(r.body).toMatchObject({ original_claim_id: 'ICN-WL-29', transmission_type: 'E' });
  });

  it('a claim no payer has numbered yet starts its follow-up and refile without a payer claim number, not with an error', async () => {
    const [fresh] = await readyClaims(root, w, 1);
    const tracking = await root('GET', `/denial/tracking/defaults?claim_id=${fresh}`);
    expect(tracking.status, JSON.stringify(tracking.body)).toBe(200);
    expect(tracking.body).toMatchObject({ claim_id: fresh, interface_type: 'call', policy_responsible: w.policy });
    expect(tracking.body).not.toHaveProperty('claim_number');
    const refile = await root('GET', `/denial/refile/defaults?claim_id=${fresh}`);
    expect(refile.status, JSON.stringify(refile.body)).toBe(200);
    expect(refile.body).toEqual({ claim_id: fresh, transmission_type: 'E', is_cross_over: false });
  });

  it("offers the claim's own policies, primary first, and no one else's claim", async () => {
    const r = await root('GET', `/denial/policies?claim_id=${claims.get('WL-29')}`);
    expect(r.body).toEqual([{ id: w.policy, name: expect.stringMatching(/^Primary: /) }]);
    const other = await app.createBillingCompany('Other Billing', 'OTB');
    await app.createUser({ email: 'outsider@worklist.test', roles: ['collector'], billingCompanyIds: [other] });
    const outsider = app.as(await app.login('outsider@worklist.test'));
    expect((await outsider('GET', `/denial/policies?claim_id=${claims.get('WL-29')}`)).status).toBe(404);
  });
});
