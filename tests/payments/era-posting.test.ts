import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra, eraPolicy, fixture835, receiveEra } from '../helpers/era-claims.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { toIsoDate } from '../../src/domain/formats.ts';
import { keyInsurance835 } from '../helpers/key-insurance-835.ts';
import { expectReadableLayout } from '../helpers/pdf-layout.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
const file = fixture835;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

/** Takes an 835 in and answers its ERA rows (one per payment). */
const receive = async (text: string, name: string) => (await receiveEra(app.db, root, w.bc, text, name)).rows;
const postings = async (claimId: number) =>
  (
    await app.db.query<{
      paid: string;
      patient_responsibility: string;
      adjustments: Array<{ group: string; reason: string; amount: number }>;
    }>('select paid, patient_responsibility, adjustments from payment_services where claim_id = $1 order by id', [
      claimId,
    ])
  ).rows;
const status = async (claimId: number) =>
  Number((await app.db.query<{ s: number }>('select status_id as s from claims where id = $1', [claimId])).rows[0].s);

describe('ERA posting', () => {
  it('managed care: each line paid with its CAS kept, claim-level adjustments posted, the patient share recorded, claims Approved; the ERA reconciles to the cent', async () => {
    const claims = await claimsForEra(app.db, w, file('managed-care.835'));
    const [era] = await receive(file('managed-care.835'), 'managed-care.835');
    expect(era.status).toBe('new');
    const r = await root('POST', '/payments/eras/process', { id: era.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ already: false, exceptions: 0, posted_amount: 94500, posted_claims: 2 });
    const first = await postings(claims.get('5554555444')!);
    expect(first.map((p) => [Number(p.paid), Number(p.patient_responsibility)])).toEqual([
      [50000, 30000],
      [-5000, 0],
    ]);
    expect(first[0].adjustments).toEqual([{ group: 'PR', reason: '1', amount: 30000 }]);
    expect(first[1].adjustments).toEqual([{ group: 'CO', reason: 'A2', amount: 5000 }]);
    expect(await status(claims.get('5554555444')!)).toBe(4);
    const rec = (await root('GET', `/payments/eras/${era.id}/reconciliation`)).body;
    expect(rec).toMatchObject({
      payment_amount: 94500,
      posted_claim_payments: 94500,
      provider_adjustments: 0,
      difference: 0,
      balanced: true,
    });
    const batch = (
      await app.db.query<{ amount: string; distributed: string; era_file_id: string }>(
        'select b.amount, b.distributed, b.era_file_id from payment_batches b join era_files e on e.payment_batch_id = b.id where e.id = $1',
        [era.id],
      )
    ).rows[0];
    expect([batch.amount, batch.distributed, batch.era_file_id].map(Number)).toEqual([94500, 94500, era.id]);
    const note = (
      await app.db.query<{ details: Record<string, unknown> }>(
        `select details from claim_notes where claim_id = $1 and kind = 'check_status'`,
        [claims.get('5554555444')],
      )
    ).rows[0];
    expect(note.details).toMatchObject({
      payer_claim_number: '94060555410000',
      paid: 45000,
      patient_responsibility: 30000,
    });
  });

  it('a claim paid as primary with a secondary policy is marked ready to bill the secondary, the primary adjudication kept per line', async () => {
    const text = file('managed-care.835')
      .replace(/7170066655/g, '7170066611')
      .replace('CLP*5554555444', 'CLP*5554555411')
      .replace('CLP*8765432112', 'CLP*8765432111');
    const claims = await claimsForEra(app.db, w, text);
    await app.db.query('update claims set insurance_policy_ids = $2 where id = $1', [
      claims.get('5554555411'),
      JSON.stringify([await eraPolicy(app.db, w, text), w.secondary]),
    ]);
    const [era] = await receive(text, 'managed-care-cob.835');
    await root('POST', '/payments/eras/process', { id: era.id });
    const rows = (
      await app.db.query<{ next_responsibility: string | null }>(
        'select next_responsibility from payment_services where claim_id = $1 order by id',
        [claims.get('5554555411')],
      )
    ).rows;
    expect(rows.map((r) => r.next_responsibility)).toEqual(['S', 'S']);
    const note = (
      await app.db.query<{ note: string; details: Record<string, unknown> }>(
        `select note, details from claim_notes where claim_id = $1 and kind = 'check_status'`,
        [claims.get('5554555411')],
      )
    ).rows[0];
    expect(note.note).toMatch(/ready to bill the secondary payer$/);
    expect(note.details.ready_for).toBe('secondary');
    expect(
      (
        await app.db.query<{ next_responsibility: string | null }>(
          'select next_responsibility from payment_services where claim_id = $1',
          [claims.get('8765432111')],
        )
      ).rows.every((r) => r.next_responsibility === null),
    ).toBe(true);
  });

  it('a claim the primary paid in full (no patient share) is Complete though it has a secondary policy: nothing is left to bill the secondary', async () => {
    const day = toIsoDate('2026-03-20');
    const text = keyInsurance835({
      control: 31,
      trace: 'FULLPAID1',
      claims: [
        {
          patientControlNumber: 'FULL-1',
          status: '1',
          charge: 10000,
          paid: 8000,
          patientResponsibility: 0,
          payerControlNumber: 'ICN-FULL-1',
          patient: { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W1' },
          from: day,
          lines: [
            {
              procedure: '99213',
              charge: 10000,
              paid: 8000,
              date: day,
              adjustments: [{ group: 'CO', reason: '45', amount: 2000 }],
            },
          ],
        },
      ],
    });
    const id = (await claimsForEra(app.db, w, text)).get('FULL-1')!;
    await app.db.query('update claims set insurance_policy_ids = $2 where id = $1', [
      id,
      JSON.stringify([await eraPolicy(app.db, w, text), w.secondary]),
    ]);
    const [era] = await receive(text, 'full-paid-cob.835');
    await root('POST', '/payments/eras/process', { id: era.id });
    expect(await status(id)).toBe(7);
    expect(
      (
        await app.db.query<{ next_responsibility: string | null }>(
          'select next_responsibility from payment_services where claim_id = $1',
          [id],
        )
      ).rows,
    ).toEqual([{ next_responsibility: null }]);
  });

  it('the same ERA twice posts once: processing again changes nothing, and the same payment in another file is not registered', async () => {
    const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'managed-care.835'`))
      .rows[0];
    const before = Number((await app.db.query<{ n: string }>('select count(*) n from payment_services')).rows[0].n);
    const again = await root('POST', '/payments/eras/process', { id: era.id });
    expect(again.body).toMatchObject({ already: true });
    expect(Number((await app.db.query<{ n: string }>('select count(*) n from payment_services')).rows[0].n)).toBe(
      before,
    );
    const copy = await receive(`${file('managed-care.835')}\n`, 'managed-care-copy.835');
    expect(copy).toEqual([]);
  });

  it('Medicare Part A: claim-level remits posted, the negative PLB on the batch, BPR02 = paid − PLB to the cent', async () => {
    const claims = await claimsForEra(app.db, w, file('medicare-part-a.835'));
    const [era] = await receive(file('medicare-part-a.835'), 'medicare-part-a.835');
    const r = await root('POST', '/payments/eras/process', { id: era.id });
    expect(r.body).toMatchObject({ exceptions: 0, posted_amount: 14999873, provider_adjustments: -127 });
    expect((await postings(claims.get('666123')!)).map((p) => Number(p.paid))).toEqual([13801840]);
    expect(await status(claims.get('666123')!)).toBe(7);
    expect((await root('GET', `/payments/eras/${era.id}/reconciliation`)).body).toMatchObject({
      payment_amount: 15000000,
      posted_claim_payments: 14999873,
      provider_adjustments: -127,
      difference: 0,
      balanced: true,
    });
  });

  it('a claim we cannot find goes to the exception queue with its amounts; the rest posts, and the reconciliation says where the difference is', async () => {
    const text = file('managed-care.835')
      .replace(/7170066655/g, '7170066699')
      .replace('CLP*5554555444', 'CLP*5554555445')
      .replace('CLP*8765432112', 'CLP*8765432113');
    await claimsForEra(app.db, w, text, ['8765432113']);
    const [era] = await receive(text, 'managed-care-missing.835');
    const r = await root('POST', '/payments/eras/process', { id: era.id });
    expect(r.body).toMatchObject({ exceptions: 1, posted_claims: 1, posted_amount: 45000 });
    const x = (
      await app.db.query<{
        reason: string;
        claim_control_number: string;
        charge: string;
        paid: string;
        resolved: boolean;
      }>('select reason, claim_control_number, charge, paid, resolved from era_exceptions where era_file_id = $1', [
        era.id,
      ])
    ).rows;
    expect(x.map((e) => [e.reason, e.claim_control_number, Number(e.charge), Number(e.paid), e.resolved])).toEqual([
      ['claim_not_found', '8765432113', 120000, 49500, false],
    ]);
    expect((await root('GET', `/payments/eras/${era.id}/reconciliation`)).body).toMatchObject({
      difference: 49500,
      balanced: false,
      claim_payments_in_exceptions: 49500,
      open_exceptions: 1,
    });
    expect(
      (await app.db.query<{ status: string }>('select status from era_files where id = $1', [era.id])).rows[0].status,
    ).toBe('exceptions');
  });

  it("an exception says what is wrong in its reader's language; it is kept once, in English", async () => {
    const [stored] = (
      await app.db.query<{ id: string; message: string }>(
        `select x.id, x.message from era_exceptions x join era_files f on f.id = x.era_file_id where f.name = 'managed-care-missing.835'`,
      )
    ).rows;
    const payerClaim = /^No claim 8765432113 for this billing company \(payer claim number (\S+)\)\.$/.exec(
      stored.message,
    )?.[1];
    expect(payerClaim, stored.message).toBeDefined();
    await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
    try {
      const listed = await root('GET', `/payments/era-exception?sortBy=id&itemsPerPage=100`);
      const mine = listed.body.data.find((x: { id: number }) => x.id === Number(stored.id));
      expect(mine.message).toBe(
        `No hay reclamo 8765432113 en esta compañía de facturación (número de reclamo del pagador ${payerClaim}).`,
      );
    } finally {
      await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
    }
  });

  it('an exception is worked by naming the claim it pays: the claim is posted and the ERA reconciles', async () => {
    const era = (
      await app.db.query<{ id: number; payment_batch_id: number }>(
        `select id, payment_batch_id from era_files where name = 'managed-care-missing.835'`,
      )
    ).rows[0];
    const x = (await app.db.query<{ id: number }>('select id from era_exceptions where era_file_id = $1', [era.id]))
      .rows[0];
    const other = await claimsForEra(app.db, w, file('managed-care.835').replace('CLP*8765432112', 'CLP*8765432113'), [
      '5554555444',
    ]);
    const nothing = await root('PUT', `/payments/batch/${era.payment_batch_id}/era-errors`, { exception_id: x.id });
    expect(nothing.body.errors.resolution).toEqual(['Say how the exception was resolved, or name the claim it pays.']);
    const r = await root('PUT', `/payments/batch/${era.payment_batch_id}/era-errors`, {
      exception_id: x.id,
      claim_id: other.get('8765432113'),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ resolved: true, resolution: 'Posted to claim 8765432113' });
    expect((await postings(other.get('8765432113')!)).map((p) => Number(p.paid))).toEqual([55000, -5500]);
    expect((await root('GET', `/payments/eras/${era.id}/reconciliation`)).body).toMatchObject({
      difference: 0,
      balanced: true,
      open_exceptions: 0,
    });
    expect(
      (await app.db.query<{ status: string }>('select status from era_files where id = $1', [era.id])).rows[0].status,
    ).toBe('posted');
  });

  it('a claim out of balance is an exception with the amounts, and nothing of it is posted', async () => {
    const text = file('managed-care.835')
      .replace(/7170066655/g, '7170066677')
      .replace('CLP*5554555444*1*800.00*450.00', 'CLP*5554555444*1*800.00*460.00');
    const [era] = await receive(text, 'managed-care-unbalanced.835');
    const r = await root('POST', '/payments/eras/process', { id: era.id });
    expect(r.body.exceptions).toBeGreaterThanOrEqual(1);
    const x = (
      await app.db.query<{ reason: string; message: string }>(
        `select reason, message from era_exceptions where era_file_id = $1 and claim_control_number = '5554555444'`,
        [era.id],
      )
    ).rows[0];
    expect(x.reason).toBe('out_of_balance');
    expect(x.message).toMatch(/charge 800\.00 − paid 460\.00 = 340\.00, but its adjustments total 350\.00/);
    expect(
      (
        await app.db.query('select id from payment_services where era_file_id = $1 and claim_code = $2', [
          era.id,
          '5554555444',
        ])
      ).rows,
    ).toEqual([]);
  });

  it("a Spanish reader's ERA preview says what does not add up, and each adjustment, in Spanish", async () => {
    const era = (
      await app.db.query<{ id: number }>(`select id from era_files where name = 'managed-care-unbalanced.835'`)
    ).rows[0];
    await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
    try {
      const p = (await root('GET', `/payments/eras/check/${era.id}`)).body;
      expect(p.balanced).toBe(false);
      expect(p.findings.map((f: { message: string }) => f.message)).toContain(
        'Reclamo 5554555444: cargo 800.00 − pagado 460.00 = 340.00, pero sus ajustes suman 350.00.',
      );
      expect(p.claims[0].adjustments.concat(p.claims[0].lines[0].adjustments)[0].meaning).toMatch(
        /^\w\w-\w+: .*(paciente|proveedor|pagador)/,
      );
    } finally {
      await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
    }
  });

  it('the preview explains every adjustment and says which claims are ours', async () => {
    const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'managed-care.835'`))
      .rows[0];
    const p = (await root('GET', `/payments/eras/check/${era.id}`)).body;
    expect(p.claims.map((c: { found: boolean }) => c.found)).toEqual([true, true]);
    expect(p.claims[0].lines[0].adjustments[0].meaning).toMatch(/^PR-1: /);
    expect(p.balanced).toBe(true);
  });

  it('the preview and the reconciliation are PDFs a person reads: claims, adjustments in plain words, the balance', async () => {
    const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'managed-care.835'`))
      .rows[0];
    const token = await app.login('root@test.com');
    // Each read also checks the page: no text over other text, nothing off the (landscape) page.
    const read = async (path: string) => {
      const bytes = await (
        await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).arrayBuffer();
      await expectReadableLayout(bytes, 'landscape');
      return pdfText(bytes);
    };
    const preview = await read(`/payments/eras/${era.id}/preview`);
    for (const s of [
      'ERA preview',
      'RUSHMORE LIFE',
      '5554555444',
      'PR-1: ',
      'CO-45: ',
      'Balanced at every level',
      'found',
    ])
      expect(preview).toContain(s);
    const rec = await read(`/payments/eras/${era.id}/reconciliation-report`);
    for (const s of ['ERA reconciliation', 'Payment (BPR02)', '945.00', 'Difference', '0.00']) expect(rec).toContain(s);
    // Read as written, never letter-spaced: the summary's minus sign is drawn in the font's own encoding.
    expect(rec).toContain('BPR02 = claims paid - provider adjustments, to the cent.');
  });

  it("secondary and COB remits post as the payer wrote them, a '>' composite read despite the declared separator; the malformed tertiary file waits in the exception queue", async () => {
    const results: Record<string, unknown> = {};
    for (const name of ['secondary-payment.835', 'cob-contractural-adjustment.835', 'tertiary-payment.835']) {
      const claims = await claimsForEra(app.db, w, file(name));
      const [era] = await receive(file(name), name);
      results[name] = (await root('POST', '/payments/eras/process', { id: era.id })).body;
      if (name === 'secondary-payment.835') {
        expect(
          (await postings(claims.get('0001000053')!)).map((p) => [Number(p.paid), Number(p.patient_responsibility)]),
        ).toEqual([
          [3000, 0],
          [28000, 22000],
        ]);
        expect(await status(claims.get('0001000053')!)).toBe(4);
      }
    }
    expect(results['secondary-payment.835']).toMatchObject({ exceptions: 0, posted_amount: 122200 });
    expect(results['cob-contractural-adjustment.835']).toMatchObject({ exceptions: 0, posted_amount: 3400 });
    expect(results['tertiary-payment.835']).toMatchObject({ exceptions: 1, posted_amount: 0 });
  });

  it('archived ERAs leave the list and come back when restored', async () => {
    const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'medicare-part-a.835'`))
      .rows[0];
    await root('POST', '/payments/eras', { action: 'archive', ids: [era.id] });
    expect((await root('GET', '/payments/eras/archive')).body.data.map((e: { id: number }) => e.id)).toEqual([era.id]);
    await root('POST', '/payments/eras', { action: 'restore', ids: [era.id] });
    expect(
      (await app.db.query<{ status: string }>('select status from era_files where id = $1', [era.id])).rows[0].status,
    ).toBe('posted');
  });
});
