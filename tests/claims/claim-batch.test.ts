import x12 from 'node-x12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, readyClaims as readyClaimsOf, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import { read837P } from '../../src/domain/x12/claim-837p-reader.ts';
import { batchCode } from '../../src/domain/claims/batch-code.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { expectReadableLayout } from '../helpers/pdf-layout.ts';
import { ack277, ack999 } from '../helpers/ack-files.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let account: number;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  const house = (
    await app.db.query<{ id: number }>(
      `insert into clearing_houses (code, name, status) values ('AVAIL', 'Availity', true) returning id`,
    )
  ).rows[0].id;
  account = (
    await app.db.query<{ id: number }>(
      `insert into clearing_house_accounts (billing_company_id, clearing_house_id, submitter_id, receiver_id, usage, sender_qualifier, receiver_qualifier, file_name_pattern)
    values ($1, $2, 'SUN0001', '030240928', 'T', 'ZZ', 'ZZ', '{submitter}_{control}.837') returning id`,
      [w.bc, house],
    )
  ).rows[0].id;
});
afterAll(() => app.close());

const readyClaims = (n: number) => readyClaimsOf(root, w, n);
const statuses = async (ids: number[]) =>
  (
    await app.db.query<{ status_id: number }>('select status_id from claims where id = any($1::bigint[]) order by id', [
      ids,
    ])
  ).rows.map((r) => r.status_id);

describe('claim batches', () => {
  it("the batch code is the predecessor's: the first two letters of two words, a five-digit sequence, the year", () => {
    expect(batchCode('Sunshine March', 7, 2026)).toBe('SUMA-00007-2026');
    expect(batchCode('Weekly', 12, 2026)).toBe('EKLY-00012-2026');
  });

  it('a self-pay claim is never batched: it is not offered, and a batch naming it is refused with its number', async () => {
    const selfPay = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        insurance_policy_ids: [],
        services: goodClaim(w).services.map((l) => ({ ...l, from_service: '02/02/2026', to_service: '02/02/2026' })),
      }),
    );
    expect(selfPay.status, JSON.stringify(selfPay.body)).toBe(201);
    expect(selfPay.body.self_pay).toBe(true);
    const offered = (await root('GET', `/claim/batch/get-all-server-claims?company_id=${w.company}`)).body.map(
      (c: { id: number }) => c.id,
    );
    expect(offered).not.toContain(selfPay.body.id);
    for (const transmission of ['E', 'P']) {
      const b = await root('POST', '/claim/batch', {
        billing_company_id: w.bc,
        name: 'Self pay',
        company_id: w.company,
        transmission,
        clearing_house_account_id: account,
        claim_ids: [selfPay.body.id],
      });
      expect(b.status).toBe(422);
      expect(b.body.errors.claim_ids).toEqual([
        `Self-pay claims are billed to the patient on a statement, never sent in a batch: ${selfPay.body.code}.`,
      ]);
    }
    expect(
      Number(
        (await app.db.query<{ n: string }>(`select count(*) as n from claim_batches where name = 'Self pay'`)).rows[0]
          .n,
      ),
    ).toBe(0);
  });

  it('lists the claims that may be batched and makes a batch of them, with its totals', async () => {
    const ids = await readyClaims(3);
    const ready = (await root('GET', `/claim/batch/get-all-server-claims?company_id=${w.company}`)).body.map(
      (c: { id: number }) => c.id,
    );
    expect(ready).toEqual(expect.arrayContaining(ids));
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Sunshine March',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: ids,
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.body).toMatchObject({
      code: `SUMA-00001-${new Date().getFullYear()}`,
      status_id: 3,
      total_claims: 3,
      claim_amount: 3 * 14000,
    });
    const again = (await root('GET', `/claim/batch/get-all-server-claims?company_id=${w.company}`)).body.map(
      (c: { id: number }) => c.id,
    );
    expect(again.filter((id: number) => ids.includes(id))).toEqual([]);
  });

  it('refuses a claim that is not verified and Not submitted, or already in a pending batch, naming them', async () => {
    const draft = (await root('POST', '/claim/draft', goodClaim(w))).body;
    const pending = (await root('GET', '/claim/batch/get-all-server?itemsPerPage=1')).body.data[0].claim_ids[0];
    const before = Number((await app.db.query<{ n: number }>('select count(*) n from claim_batches')).rows[0].n);
    const r = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Bad batch',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: [draft.id, pending],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.claim_ids.join(' ')).toMatch(
      new RegExp(`Only verified claims in Not submitted can be batched: ${draft.code}`),
    );
    expect(r.body.errors.claim_ids.join(' ')).toMatch(/already in a batch not yet sent/);
    expect(Number((await app.db.query<{ n: number }>('select count(*) n from claim_batches')).rows[0].n)).toBe(before);
  });

  it('sends an electronic batch: an 837 our reader and node-x12 read, kept in the file store; its claims and the batch become Submitted', async () => {
    const batch = (await root('GET', '/claim/batch/get-all-server?itemsPerPage=1')).body.data[0];
    const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${batch.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status_id: 2, control_number: expect.any(Number), file_id: expect.any(Number) });
    expect(await statuses(batch.claim_ids)).toEqual([3, 3, 3]);
    const file = await root('GET', `/files/${sent.body.file_id}`);
    expect(file.body).toMatchObject({
      kind: 'x12-out',
      name: `SUN0001_${String(sent.body.control_number).padStart(9, '0')}.837`,
    });
    const res = await fetch(`${app.url}/files/${sent.body.file_id}/content`, {
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
    });
    const text = await res.text();
    const doc = readInterchanges(text);
    expect(doc.findings).toEqual([]);
    expect(doc.interchanges[0]).toMatchObject({
      control: String(sent.body.control_number).padStart(9, '0'),
      usage: 'T',
    });
    const back = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(back.findings).toEqual([]);
    expect(back.claims.map((c) => c.totalCharge)).toEqual([14000, 14000, 14000]);
    const parsed = new x12.X12Parser(true).parse(text) as any;
    expect(parsed.functionalGroups[0].transactions[0].segments.filter((s: any) => s.tag === 'CLM')).toHaveLength(3);
  });

  it('a claim sent says whom it was billed to: the primary, in its record and in the audit of its sending', async () => {
    const [batch] = (
      await app.db.query<{ claim_ids: number[] }>(
        'select claim_ids from claim_batches where status_id = 2 order by id limit 1',
      )
    ).rows;
    const claims = await root('GET', `/claim/${batch.claim_ids[0]}`);
    expect(claims.body.billed_responsibility).toBe('P');
    const audit = await app.db.query<{ old_values: object; new_values: object }>(
      `select old_values, new_values from audits where entity = 'claim' and entity_id = $1 and event = 'status_changed' order by id desc limit 1`,
      [batch.claim_ids[0]],
    );
    expect(audit.rows[0]).toEqual({
      old_values: { status_id: 2, billed_responsibility: null },
      new_values: { status_id: 3, billed_responsibility: 'P' },
    });
  });

  it('a sent batch cannot be changed or deleted, and a second send is refused', async () => {
    const batch = (await root('GET', '/claim/batch/get-all-server?itemsPerPage=1')).body.data[0];
    const del = await root('DELETE', `/claim/batch/${batch.id}`);
    expect(del.status).toBe(422);
    expect(del.body.errors.status_id).toEqual(['A batch that was sent cannot be changed.']);
    expect((await root('PATCH', `/claim/batch/submit-to-clearing-house/${batch.id}`)).body.message).toBe(
      "The batch couldn't be sent",
    );
    const [row] = (
      await app.db.query<{ status_id: number; control_number: number }>(
        'select status_id, control_number from claim_batches where id = $1',
        [batch.id],
      )
    ).rows;
    expect(row).toEqual({ status_id: 2, control_number: batch.control_number });
    expect(
      Number((await app.db.query<{ n: number }>(`select count(*) n from files where kind = 'x12-out'`)).rows[0].n),
    ).toBe(1);
  });

  it('control numbers are never reused: each send takes the next', async () => {
    const ids = await readyClaims(1);
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Second run',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: ids,
    });
    const first = (await root('GET', '/claim/batch/get-all-server?itemsPerPage=10&sortBy=id')).body.data[0]
      .control_number;
    const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`);
    expect(sent.body.control_number).toBe(first + 1);
  });

  it('a paper batch is confirmed shipped by hand: its claims and the batch become Submitted', async () => {
    const ids = await readyClaims(2);
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Paper April',
      company_id: w.company,
      transmission: 'P',
      claim_ids: ids,
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    const refused = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.transmission).toEqual(['A paper batch is printed and its shipping confirmed.']);
    expect(await statuses(ids)).toEqual([2, 2]);
    const done = await root('PATCH', `/claim/batch/confirm-shipping/${b.body.id}`);
    expect(done.body.status_id).toBe(2);
    expect(await statuses(ids)).toEqual([3, 3]);
    const shown = await root('GET', `/claim/batch/${b.body.id}`);
    expect(shown.body).toMatchObject({ total_processed: 2, total_accepted: 2, total_denied: 0 });
  });

  it('an unsent batch is deleted and its claims may be batched again', async () => {
    const ids = await readyClaims(1);
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Oops',
      company_id: w.company,
      transmission: 'P',
      claim_ids: ids,
    });
    expect((await root('DELETE', `/claim/batch/${b.body.id}`)).status).toBe(200);
    const ready = (await root('GET', '/claim/batch/get-all-server-claims')).body.map((c: { id: number }) => c.id);
    expect(ready).toContain(ids[0]);
  });
  it("the batch report lists its claims with the predecessor's columns, totals for each payer and a grand total", async () => {
    const batch = (await root('GET', '/claim/batch/get-all-server?itemsPerPage=1&sortBy=id')).body.data[0];
    const res = await fetch(`${app.url}/claim/batch/show-batch-report/${batch.id}`, {
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
    });
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const bytes = await res.arrayBuffer();
    await expectReadableLayout(bytes, 'landscape');
    const text = await pdfText(bytes);
    for (const s of [
      'Claim number',
      'Patient number',
      'Healthcare P',
      'File amount',
      'Totals for: SUN Health Plan',
      'Grand total',
      'Lucia Perez',
      'Gold PPO',
      '420.00',
    ])
      expect(text).toContain(s);
  });
  it('a 277CA rejects one claim in plain words and accepts the others; the same file twice changes nothing; a garbled file is kept and changes nothing', async () => {
    const batch = (await root('GET', '/claim/batch/get-all-server?itemsPerPage=1&sortBy=id')).body.data[0];
    const codes = (
      await app.db.query<{ code: string }>('select code from claims where id = any($1::bigint[]) order by id', [
        batch.claim_ids,
      ])
    ).rows.map((r) => r.code);
    const text = ack277(777, [
      { code: codes[0], stc: 'A7:562:85' },
      { code: codes[1], stc: 'A2:20' },
      { code: codes[2], stc: 'A2:20' },
    ]);
    const r = await root('POST', '/claim/batch/acknowledgments', {
      content: text,
      billing_company_id: w.bc,
      name: 'ack-777.x12',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      kind: '277CA',
      duplicate: false,
      rejected: [{ code: codes[0] }],
      accepted: [{ code: codes[1], payer_claim_number: 'PAYER3' }, { code: codes[2] }],
    });
    expect(r.body.rejected[0].reason).toBe(
      "Rejected by the payer (277CA): Rejected: invalid information: The billing provider's national provider identifier (NPI)",
    );
    expect(await statuses(batch.claim_ids)).toEqual([5, 3, 3]);
    const history = (await root('GET', `/claim/${batch.claim_ids[0]}`)).body.status_history.at(-1);
    expect(history).toMatchObject({ status: 'Rejected', notes_history: [{ note: r.body.rejected[0].reason }] });
    const again = await root('POST', '/claim/batch/acknowledgments', { content: text, billing_company_id: w.bc });
    expect(again.body).toMatchObject({ duplicate: true, rejected: [], accepted: [] });
    const garbled = await root('POST', '/claim/batch/acknowledgments', {
      content: 'ISA*00*garbage~GS*HN~ST*277',
      billing_company_id: w.bc,
    });
    expect(garbled.body).toMatchObject({ result: 'unreadable', rejected: [], accepted: [] });
    expect(garbled.body.findings.length).toBeGreaterThan(0);
    const kept = await app.db.query<{ result: string; kind: string; findings: unknown[] }>(
      `select e.result, f.kind, e.findings from exchange_files e join files f on f.id = e.file_id where e.id = $1`,
      [garbled.body.exchange_id],
    );
    expect(kept.rows[0]).toMatchObject({ result: 'unreadable', kind: 'ack' });
    expect(kept.rows[0].findings.length).toBeGreaterThan(0);
  });

  it("a claim's history reads in its reader's language: the system's sentences in Spanish, the batch's code and the payer's words as they were", async () => {
    const batch = (await root('GET', '/claim/batch/get-all-server?itemsPerPage=1&sortBy=id')).body.data[0];
    await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
    try {
      const history = (await root('GET', `/claim/${batch.claim_ids[0]}`)).body.status_history;
      expect(history.map((h: { status: string }) => h.status).slice(-2)).toEqual(['Enviado', 'Rechazado']);
      expect(history.at(-2).notes_history[0].note).toBe(`Enviado a la cámara de compensación (lote ${batch.code})`);
      expect(history.at(-1).notes_history[0].note).toBe(
        "Rechazado por el pagador (277CA): Rejected: invalid information: The billing provider's national provider identifier (NPI)",
      );
    } finally {
      await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
    }
    // What the history keeps is the English the audit reads, whoever reads it.
    const kept = await app.db.query<{ note: string }>(
      `select note from state_transitions where entity = 'claim' and entity_id = $1 order by id desc limit 1`,
      [batch.claim_ids[0]],
    );
    expect(kept.rows[0].note).toMatch(/^Rejected by the payer \(277CA\)/);
  });
  it('a 999 that rejects the file returns every Submitted claim of its batch to Rejected, with the errors in plain words', async () => {
    const ids = await readyClaims(2);
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Rejected run',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: ids,
    });
    const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`);
    const control = sent.body.control_number;
    const text = ack999(778, control, false);
    const r = await root('POST', '/claim/batch/acknowledgments', { content: text, billing_company_id: w.bc });
    expect(r.body.kind).toBe('999');
    expect(r.body.rejected.map((x: { claim_id: number }) => x.claim_id)).toEqual(ids);
    expect(r.body.rejected[0].reason).toMatch(
      /^Rejected by the clearing house \(999\) with the whole file of batch RERU-\d{5}-\d{4}: /,
    );
    expect(await statuses(ids)).toEqual([5, 5]);
  });
});

describe('what the 837 envelope says of the sender', () => {
  it('ISA15 is P only where the installation (X12_USAGE=P) and the account both say production: a test installation never sends P', async () => {
    await app.db.query(`update clearing_house_accounts set usage = 'P' where id = $1`, [account]);
    const sendOne = async (name: string) => {
      const b = await root('POST', '/claim/batch', {
        billing_company_id: w.bc,
        name,
        company_id: w.company,
        transmission: 'E',
        clearing_house_account_id: account,
        claim_ids: await readyClaims(1),
      });
      const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const res = await fetch(`${app.url}/files/${sent.body.file_id}/content`, {
        headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
      });
      return readInterchanges(await res.text()).interchanges[0].usage;
    };
    try {
      expect(await sendOne('Usage test install')).toBe('T');
      process.env.X12_USAGE = 'P';
      expect(await sendOne('Usage production')).toBe('P');
    } finally {
      delete process.env.X12_USAGE;
      await app.db.query(`update clearing_house_accounts set usage = 'T' where id = $1`, [account]);
    }
  });

  it('a send with no submitter contact phone (account or billing company) is refused before anything is written: never a made-up 0000000000', async () => {
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'No phone',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: await readyClaims(1),
    });
    await app.db.query('update billing_companies set phone = null where id = $1', [w.bc]);
    try {
      const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`);
      expect(sent.status).toBe(422);
      expect(sent.body.errors.contact_phone).toEqual([
        "The clearing house account needs the submitter's contact phone (or the billing company a phone of its own): the 837 names it.",
      ]);
      expect(
        (await app.db.query('select status_id, file_id, send_state from claim_batches where id = $1', [b.body.id]))
          .rows,
      ).toEqual([{ status_id: 3, file_id: null, send_state: null }]);
    } finally {
      await app.db.query(`update billing_companies set phone = '305-555-0100' where id = $1`, [w.bc]);
    }
    await root('DELETE', `/claim/batch/${b.body.id}`);
  });

  it('a batch of both forms is refused naming each claim under its form', async () => {
    const [professional] = await readyClaims(1);
    const inst = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        format_id: 2,
        type_of_bill: '131',
        patient_status: '01',
        admission_type: '3',
        admission_source: '2',
        place_of_service: undefined,
        diagnoses: [{ code: 'E11.9', poa: 'Y' }],
        services: [
          {
            from_service: '01/05/2026',
            to_service: '01/05/2026',
            revenue_code: '0450',
            procedure_code: '99213',
            days_or_units: '1',
            price: 45000,
          },
        ],
      }),
    );
    expect(inst.status, JSON.stringify(inst.body)).toBe(201);
    const codes = (
      await app.db.query<{ id: number; code: string }>('select id, code from claims where id = any($1::bigint[])', [
        [professional, inst.body.id],
      ])
    ).rows;
    const code = (id: number) => codes.find((c) => Number(c.id) === id)!.code;
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Mixed forms',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: [professional, inst.body.id],
    });
    expect(b.status).toBe(422);
    expect(b.body.errors.claim_ids).toEqual([
      `A batch holds claims of one form: professional or institutional. Professional: ${code(professional)}; institutional: ${code(inst.body.id)}.`,
    ]);
  });
});

describe('a 277CA with several reasons for one claim', () => {
  it('rejects the claim once, counted once, with every reason in its note', async () => {
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Two reasons',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: await readyClaims(1),
    });
    expect((await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`)).status).toBe(200);
    const [{ code }] = (
      await app.db.query<{ code: string }>('select code from claims where id = $1', [b.body.claim_ids[0]])
    ).rows;
    const r = await root('POST', '/claim/batch/acknowledgments', {
      content: ack277(778, [{ code, stc: ['A7:562:85', 'A7:21:IL'] }]),
      billing_company_id: w.bc,
      name: 'ack-778.x12',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rejected).toHaveLength(1);
    expect(r.body.rejected[0].reason.split('; ')).toHaveLength(2);
    expect(r.body.message).toBe('1 claim(s) rejected');
    expect(
      (await app.db.query('select claims_rejected from exchange_files where id = $1', [r.body.exchange_id])).rows,
    ).toEqual([{ claims_rejected: 1 }]);
    expect(await statuses(b.body.claim_ids)).toEqual([5]);
  });
});

describe('a 277CA in words', () => {
  it("a clearing house's rejection says who rejected it and what of whom: the subscriber's date of birth", async () => {
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Birth date',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: account,
      claim_ids: await readyClaims(1),
    });
    expect((await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`)).status).toBe(200);
    const [{ code }] = (
      await app.db.query<{ code: string }>('select code from claims where id = $1', [b.body.claim_ids[0]])
    ).rows;
    const r = await root('POST', '/claim/batch/acknowledgments', {
      content: ack277(779, [{ code, stc: 'A7:158:IL' }], 'SUN0001', 'AY'),
      billing_company_id: w.bc,
      name: 'ack-779.x12',
    });
    expect(r.body.rejected[0].reason).toBe(
      "Rejected by the clearing house (277CA): Rejected: invalid information: The subscriber's date of birth",
    );
    const history = (await root('GET', `/claim/${b.body.claim_ids[0]}`)).body.status_history.at(-1);
    expect(history).toMatchObject({ status: 'Rejected', notes_history: [{ note: r.body.rejected[0].reason }] });
  });
});
