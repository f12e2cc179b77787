import { toIsoDate } from '../../src/domain/formats.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra, eraPolicy, fixture835, receiveEra } from '../helpers/era-claims.ts';
import { write835, type ClaimToRemit, type PaymentToRemit } from '../../src/domain/x12/era-835-writer.ts';
import { validateX12 } from '../helpers/x12-validator.ts';

// A remittance posts only where it belongs: to a payee that is one of ours, on claims billed to its payer.
let app: TestApp;
let root: Api;
let w: ClaimWorld;
const file = fixture835;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

const receive = (text: string, name: string) => receiveEra(app.db, root, w.bc, text, name);
const count = async (sql: string, params: unknown[]) =>
  Number((await app.db.query<{ n: string }>(sql, params)).rows[0].n);

describe('an ERA posts only where it belongs', () => {
  it('an uploaded ERA paying another provider waits with the reason, and processing it is refused with nothing posted', async () => {
    await claimsForEra(app.db, w, file('managed-care.835'));
    const stranger = file('managed-care.835')
      .replace(/7170066655/g, '7170066601')
      .replace('N1*PE*ACME MEDICAL CENTER*XX*5544667733', 'N1*PE*OTHER HOSPITAL*XX*1679576722')
      .replace('REF*TJ*777667755', 'REF*TJ*990001111');
    const {
      body,
      rows: [era],
    } = await receive(stranger, 'other-provider.835');
    expect(era.status).toBe('held');
    expect(era.hold_reason).toBe(
      'Addressed to another provider: it pays OTHER HOSPITAL, NPI 1679576722, tax id 990001111, which is not a provider of this billing company.',
    );
    expect(JSON.stringify(body)).toContain('addressed to another provider');
    const r = await root('POST', '/payments/eras/process', { id: era.id });
    expect(r.status).toBe(422);
    expect(r.body.errors.id).toEqual(['This ERA is addressed to another provider: it waits and cannot be posted.']);
    expect(await count('select count(*) n from payment_batches where era_file_id = $1', [era.id])).toBe(0);
    expect(await count('select count(*) n from payment_services where era_file_id = $1', [era.id])).toBe(0);
  });

  it('an ERA whose segment count does not match (SE01) waits with the finding as its reason, and processing it is refused with nothing posted', async () => {
    const good = file('managed-care.835').replace(/7170066655/g, '7170066611');
    await claimsForEra(app.db, w, good);
    const cut = good.replace(/SE\*(\d+)\*/, (_m, n: string) => `SE*${Number(n) + 3}*`);
    const {
      body,
      rows: [era],
    } = await receive(cut, 'cut-short.835');
    expect(era.status).toBe('held');
    expect(era.hold_reason).toMatch(
      /^The file is not whole: .*segment.*Ask the payer to send it again; it is not posted\.$/,
    );
    expect(JSON.stringify(body)).toContain('held because the file is not whole');
    const r = await root('POST', '/payments/eras/process', { id: era.id });
    expect(r.status).toBe(422);
    expect(r.body.errors.id).toEqual([
      'This ERA file is not whole (its counts or control numbers do not match): it waits and cannot be posted. Ask the payer to send it again.',
    ]);
    expect(await count('select count(*) n from payment_batches where era_file_id = $1', [era.id])).toBe(0);
  });

  it('a claim billed to another payer is not paid by this one: it waits in the exception queue with both payers named, its status unchanged', async () => {
    const text = file('managed-care.835')
      .replace(/7170066655/g, '7170066602')
      .replace('CLP*5554555444', 'CLP*5554555402')
      .replace('CLP*8765432112', 'CLP*8765432102');
    const claims = await claimsForEra(app.db, w, text);
    await app.db.query('update claims set insurance_policy_ids = $2 where id = $1', [
      claims.get('5554555402'),
      JSON.stringify([w.policy]),
    ]);
    const {
      rows: [era],
    } = await receive(text, 'wrong-payer.835');
    const r = await root('POST', '/payments/eras/process', { id: era.id });
    expect(r.body).toMatchObject({ exceptions: 1, posted_claims: 1 });
    const x = (
      await app.db.query<{ reason: string; message: string; claim_id: string }>(
        'select reason, message, claim_id from era_exceptions where era_file_id = $1',
        [era.id],
      )
    ).rows;
    expect(x.map((e) => [e.reason, Number(e.claim_id)])).toEqual([['wrong_payer', claims.get('5554555402')]]);
    const billed = (
      await app.db.query<{ name: string; payer_id: string }>(
        'select name, payer_id from insurance_companies where id = $1',
        [w.payer],
      )
    ).rows[0];
    expect(x[0].message).toBe(
      `Claim 5554555402 is billed to ${billed.name} (payer id ${billed.payer_id}), not to RUSHMORE LIFE: it is not posted.`,
    );
    expect(await count('select count(*) n from payment_services where claim_id = $1', [claims.get('5554555402')])).toBe(
      0,
    );
    expect(
      Number(
        (await app.db.query<{ s: string }>('select status_id s from claims where id = $1', [claims.get('5554555402')]))
          .rows[0].s,
      ),
    ).toBe(3);
  });

  it("the secondary payer's money posts only once the claim is billed to the secondary", async () => {
    const text = file('managed-care.835')
      .replace(/7170066655/g, '7170066603')
      .replace('CLP*5554555444', 'CLP*5554555403')
      .replace('CLP*8765432112', 'CLP*8765432103');
    const claims = await claimsForEra(app.db, w, text);
    const rushmore = await eraPolicy(app.db, w, text);
    const id = claims.get('5554555403')!;
    await app.db.query(`update claims set insurance_policy_ids = $2, billed_responsibility = 'P' where id = $1`, [
      id,
      JSON.stringify([w.policy, rushmore]),
    ]);
    const {
      rows: [era],
    } = await receive(text, 'secondary-too-early.835');
    await root('POST', '/payments/eras/process', { id: era.id });
    const x = (
      await app.db.query<{ id: number; reason: string; payment_batch_id: number }>(
        'select x.id, x.reason, e.payment_batch_id from era_exceptions x join era_files e on e.id = x.era_file_id where x.era_file_id = $1',
        [era.id],
      )
    ).rows[0];
    expect(x.reason).toBe('wrong_payer');
    const early = await root('PUT', `/payments/batch/${x.payment_batch_id}/era-errors`, {
      exception_id: x.id,
      claim_id: id,
    });
    expect(early.status).toBe(422);
    await app.db.query(`update claims set billed_responsibility = 'S' where id = $1`, [id]);
    const now = await root('PUT', `/payments/batch/${x.payment_batch_id}/era-errors`, {
      exception_id: x.id,
      claim_id: id,
    });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(await count('select count(*) n from payment_services where claim_id = $1', [id])).toBeGreaterThan(0);
  });

  it('two payments under one trace in a file are both registered and both post; the same file again registers neither', async () => {
    const ids = await claimsForEra(
      app.db,
      w,
      file('managed-care.835')
        .replace(/7170066655/g, '7170066604')
        .replace('CLP*5554555444', 'CLP*5554555404')
        .replace('CLP*8765432112', 'CLP*8765432104'),
    );
    const lines = (
      await app.db.query<{ claim_id: string; procedure_code: string; line_charge: string }>(
        `select claim_id, procedure_code, line_charge from claim_services where claim_id = any($1::bigint[]) order by claim_id, line_number`,
        [[...ids.values()]],
      )
    ).rows;
    const claim = (control: string): ClaimToRemit => {
      const own = lines
        .filter((l) => Number(l.claim_id) === ids.get(control))
        .map((l) => ({
          procedure: l.procedure_code,
          charge: Number(l.line_charge),
          paid: Number(l.line_charge) - 1000,
          date: toIsoDate('2026-03-02'),
          adjustments: [{ group: 'CO', reason: '45', amount: 1000 }],
        }));
      const charge = own.reduce((n, l) => n + l.charge, 0),
        paid = own.reduce((n, l) => n + l.paid, 0);
      return {
        patientControlNumber: control,
        status: '1',
        charge,
        paid,
        patientResponsibility: 0,
        payerControlNumber: `PCN${control}`,
        patient: { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'ERA123456' },
        from: toIsoDate('2026-03-02'),
        lines: own,
      };
    };
    const payment = (c: ClaimToRemit): PaymentToRemit => ({
      payer: {
        name: 'RUSHMORE LIFE',
        id: '1935665544',
        address: { line1: 'PO BOX 1', city: 'RAPID CITY', state: 'SD', zip: '57701' },
        contact: { phone: '8005550100' },
      },
      payee: { name: 'ACME MEDICAL CENTER', npi: '5544667733' },
      method: 'ACH',
      date: toIsoDate('2026-03-20'),
      trace: 'SAME-TRACE-1',
      claims: [c],
    });
    const text = write835({
      sender: 'RUSHMORE',
      receiver: 'SMB',
      control: 77,
      date: toIsoDate('2026-03-20'),
      payments: [payment(claim('5554555404')), payment(claim('8765432104'))],
    });
    const checked = await validateX12({ 'same-trace.835': text });
    expect(checked.ok, checked.output).toBe(true);
    const { rows } = await receive(text, 'same-trace.835');
    expect(rows.map((r) => [r.trace_number, r.trace_part, r.status])).toEqual([
      ['SAME-TRACE-1', 1, 'new'],
      ['SAME-TRACE-1', 2, 'new'],
    ]);
    for (const r of rows) {
      const b = (await root('POST', '/payments/eras/process', { id: r.id })).body;
      expect(b, JSON.stringify(b)).toMatchObject({ exceptions: 0, posted_claims: 1 });
    }
    for (const id of ids.values())
      expect(await count('select count(*) n from payment_services where claim_id = $1', [id])).toBeGreaterThan(0);
    const again = await receive(`${text}\n`, 'same-trace-again.835');
    expect(again.rows).toEqual([]);
  });

  it('two payments without a TRN in one file each post their own claims, found by their ST control', async () => {
    const ids = await claimsForEra(
      app.db,
      w,
      file('managed-care.835')
        .replace(/7170066655/g, '7170066605')
        .replace('CLP*5554555444', 'CLP*5554555405')
        .replace('CLP*8765432112', 'CLP*8765432105'),
    );
    const lines = (
      await app.db.query<{ claim_id: string; procedure_code: string; line_charge: string }>(
        `select claim_id, procedure_code, line_charge from claim_services where claim_id = any($1::bigint[]) order by claim_id, line_number`,
        [[...ids.values()]],
      )
    ).rows;
    const claim = (control: string, paidLess: number): ClaimToRemit => {
      const own = lines
        .filter((l) => Number(l.claim_id) === ids.get(control))
        .map((l) => ({
          procedure: l.procedure_code,
          charge: Number(l.line_charge),
          paid: Number(l.line_charge) - paidLess,
          date: toIsoDate('2026-03-02'),
          adjustments: [{ group: 'CO', reason: '45', amount: paidLess }],
        }));
      return {
        patientControlNumber: control,
        status: '1',
        charge: own.reduce((n, l) => n + l.charge, 0),
        paid: own.reduce((n, l) => n + l.paid, 0),
        patientResponsibility: 0,
        payerControlNumber: `PCN${control}`,
        patient: { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'ERA123456' },
        from: toIsoDate('2026-03-02'),
        lines: own,
      };
    };
    const payment = (c: ClaimToRemit): PaymentToRemit => ({
      payer: {
        name: 'RUSHMORE LIFE',
        id: '1935665544',
        address: { line1: 'PO BOX 1', city: 'RAPID CITY', state: 'SD', zip: '57701' },
        contact: { phone: '8005550100' },
      },
      payee: { name: 'ACME MEDICAL CENTER', npi: '5544667733' },
      method: 'ACH',
      date: toIsoDate('2026-03-21'),
      trace: 'DROPPED',
      claims: [c],
    });
    // A payer that writes no TRN: each ST then counts one segment less.
    const text = write835({
      sender: 'RUSHMORE',
      receiver: 'SMB',
      control: 78,
      date: toIsoDate('2026-03-21'),
      payments: [payment(claim('5554555405', 1000)), payment(claim('8765432105', 2000))],
    })
      .replace(/TRN\*[^~]*~\n?/g, '')
      .replace(/SE\*(\d+)\*/g, (_, n: string) => `SE*${Number(n) - 1}*`);
    const { rows } = await receive(text, 'no-trace.835');
    expect(rows).toHaveLength(2);
    for (const r of rows)
      expect((await root('POST', '/payments/eras/process', { id: r.id })).body).toMatchObject({
        exceptions: 0,
        posted_claims: 1,
      });
    const paid = async (control: string) =>
      Number(
        (
          await app.db.query<{ n: string }>(
            'select coalesce(sum(paid), 0) n from payment_services where claim_id = $1',
            [ids.get(control)],
          )
        ).rows[0].n,
      );
    const charge = (control: string) =>
      lines.filter((l) => Number(l.claim_id) === ids.get(control)).reduce((n, l) => n + Number(l.line_charge), 0);
    const count = (control: string) => lines.filter((l) => Number(l.claim_id) === ids.get(control)).length;
    expect([await paid('5554555405'), await paid('8765432105')]).toEqual([
      charge('5554555405') - 1000 * count('5554555405'),
      charge('8765432105') - 2000 * count('8765432105'),
    ]);
  });
});

describe('taking in an ERA', () => {
  /** An 835 uploaded to the file store as an ERA, as the list's upload button does, its trace made `name`: its file id. */
  const upload = async (
    name: string,
    kind = 'era',
    body = file('tertiary-payment.835').replace(/TRN\*1\*[^*~]+/, `TRN*1*${name}`),
  ) => {
    const form = new FormData();
    form.append('file', new Blob([body]), name);
    const r = await fetch(`${app.url}/files?kind=${kind}&billing_company_id=${w.bc}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
      body: form,
    });
    expect(r.status).toBe(201);
    return Number((await r.json()).id);
  };

  it('an 835 handed in as text is answered alone; uploads waiting are taken in by a sync of their own, newest first', async () => {
    const older = await upload('WAIT0001');
    const newer = await upload('WAIT0002');
    const given = await root('POST', '/payments/eras/sync', {
      billing_company_id: w.bc,
      content: file('cob-contractural-adjustment.835'),
      name: 'handed-in.835',
    });
    expect(given.status).toBe(200);
    expect(given.body.received).toHaveLength(1);
    const taken = (id: number) => count('select count(*) as n from exchange_files where file_id = $1', [id]);
    expect([await taken(older), await taken(newer)]).toEqual([0, 0]);
    const swept = await root('POST', '/payments/eras/sync', { billing_company_id: w.bc });
    expect(swept.body.received.map((r: { file: string }) => r.file)).toEqual(['WAIT0002', 'WAIT0001']);
    expect([await taken(older), await taken(newer)]).toEqual([1, 1]);
  });

  it('an uploaded ERA named by its file id is taken in in that request alone and answered with the payments it became', async () => {
    const backlog = await upload('BACKLOG1');
    const mine = await upload('MINE0001');
    const answer = await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, file_id: mine });
    expect(answer.status).toBe(200);
    const [received] = answer.body.received;
    expect(received).toMatchObject({ file: 'MINE0001', result: 'era_received' });
    const era = (
      await app.db.query<{ payer_name: string; payment_amount: string; claims: number }>(
        'select payer_name, payment_amount, claims from era_files where trace_number = $1',
        ['MINE0001'],
      )
    ).rows[0];
    expect(received.eras).toEqual([
      expect.objectContaining({
        trace_number: 'MINE0001',
        payer_name: era.payer_name,
        payment_amount: Number(era.payment_amount),
        claims: era.claims,
      }),
    ]);
    expect(await count('select count(*) as n from exchange_files where file_id = $1', [backlog])).toBe(0);
  });

  it('a file id that is not an uploaded ERA is refused and nothing is taken in', async () => {
    const scan = await upload('scan.pdf', 'upload', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const before = await count('select count(*) as n from exchange_files', []);
    const answer = await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, file_id: scan });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.file_id).toEqual(['The file is not an ERA uploaded for this billing company.']);
    expect(await count('select count(*) as n from exchange_files', [])).toBe(before);
  });
});
