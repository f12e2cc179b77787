import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../dev-server/security/actor.ts';
import { FILE_KINDS, type FileKind } from '../../src/domain/files/file-kinds.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

/**
 * Every kind of document × every default role: who reads it (GET /files/{id}/content), who sees it
 * listed (GET /files), and whose jobs appear in /jobs. Found by an attack run: a patient user read the
 * billing company's detailed patient export (names, dates of birth, SSN last 4) and its uploads.
 */
const ROLES = [
  'superuser',
  'superauditor',
  'developmentsupport',
  'billingmanager',
  'biller',
  'client',
  'paymentprocessor',
  'collector',
  'accountmanager',
  'billingauditor',
  'healthprofessional',
  'patient',
] as const;
type Role = (typeof ROLES)[number];

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3b0b3a20000000049454e44ae426082',
  'hex',
);
const PDF = (tag: string) => Buffer.from(`%PDF-1.4\n% ${tag}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const X12 = (tag: string) =>
  Buffer.from(
    `ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *260312*1200*^*00501*000000001*0*T*:~GS*HP*S*R*20260312*1200*1*X*005010X221A1~ST*835*${tag}~SE*2*${tag}~GE*1*1~IEA*1*000000001~`,
  );
const BYTES: Record<FileKind, (tag: string) => Buffer> = {
  eob: PDF,
  era: X12,
  'x12-out': X12,
  ack: X12,
  received: (t) => Buffer.from(`garbled ${t}`),
  statement: PDF,
  export: (t) => Buffer.from(`name,dob,ssn4\nPerez Lucia,04/12/1980,1234\n${t}`),
  upload: PDF,
  photo: () => PNG,
  logo: () => PNG,
  'code-set': (t) => Buffer.from(`A000 Cholera ${t}`),
  'fee-schedule': (t) => Buffer.from(`procedure_code,amount\n99213,85.00\n${t},1.00`),
  screenshot: () => PNG,
  'claim-file': X12,
  'charge-file': (t) =>
    Buffer.from(`claim number,date of service,procedure,charge\nV1,03/02/2026,99213,125.00\n${t},,,`),
};

/**
 * Who reads what, as a billing company expects it (reviewed by hand, not derived from the code):
 * exports only by their maker (here the billing manager) and a Super User; uploads by the billing
 * company's staff; patients, clients and professionals only photos and logos.
 */
const READS: Record<Role, FileKind[]> = {
  superuser: [
    'eob',
    'era',
    'x12-out',
    'ack',
    'received',
    'statement',
    'export',
    'upload',
    'photo',
    'logo',
    'code-set',
    'fee-schedule',
    'screenshot',
    'claim-file',
    'charge-file',
  ],
  superauditor: [
    'era',
    'x12-out',
    'ack',
    'received',
    'statement',
    'upload',
    'photo',
    'logo',
    'code-set',
    'fee-schedule',
    'screenshot',
  ],
  developmentsupport: ['eob', 'era', 'statement', 'upload', 'photo', 'logo', 'code-set', 'screenshot'],
  billingmanager: [
    'eob',
    'era',
    'x12-out',
    'ack',
    'received',
    'statement',
    'export',
    'upload',
    'photo',
    'logo',
    'fee-schedule',
    'claim-file',
    'charge-file',
  ],
  biller: [
    'eob',
    'era',
    'x12-out',
    'ack',
    'received',
    'statement',
    'upload',
    'photo',
    'logo',
    'claim-file',
    'charge-file',
  ],
  client: ['photo', 'logo'],
  paymentprocessor: ['eob', 'era', 'received', 'statement', 'upload', 'photo', 'logo', 'fee-schedule'],
  collector: ['eob', 'era', 'x12-out', 'ack', 'received', 'statement', 'upload', 'photo', 'logo', 'fee-schedule'],
  accountmanager: ['eob', 'era', 'statement', 'upload', 'photo', 'logo', 'fee-schedule'],
  billingauditor: ['era', 'x12-out', 'ack', 'received', 'statement', 'upload', 'photo', 'logo', 'fee-schedule'],
  healthprofessional: ['photo', 'logo'],
  patient: ['photo', 'logo'],
};

let app: TestApp;
let bc: number;
const api = {} as Record<Role, Api>;
const ids = {} as Record<FileKind, number>;
let managerId: number;

beforeAll(async () => {
  app = await startTestApp({ withJobs: true });
  bc = await app.createBillingCompany('Files Everyone', 'FE');
  for (const role of ROLES) {
    const id = await app.createUser({
      email: `${role}@kinds.test`,
      roles: [role],
      billingCompanyIds: ['superuser', 'superauditor', 'developmentsupport'].includes(role) ? [] : [bc],
    });
    if (role === 'billingmanager') managerId = id;
  }
  for (const role of ROLES) api[role] = app.as(await app.login(`${role}@kinds.test`));
  // Each kind made as the product makes it: for the billing company, by its billing manager (platform kinds belong to none).
  const maker = { ...systemActor(bc, 'test'), system: false, userId: managerId };
  for (const kind of Object.keys(FILE_KINDS) as FileKind[]) {
    const platform = kind === 'code-set' || kind === 'screenshot';
    const f = await app.files.save(platform ? { ...maker, crossTenant: true, billingCompanyIds: [] } : maker, {
      kind,
      name: `${kind}.bin`,
      billingCompanyId: platform ? null : bc,
      source: BYTES[kind](kind),
    });
    ids[kind] = f.id;
  }
  // A screenshot is its sender's: made by the billing manager here, it is the support desk's (platform people) and theirs.
});
afterAll(() => app.close());

const readable = async (role: Role) => {
  const out: FileKind[] = [];
  for (const kind of Object.keys(FILE_KINDS) as FileKind[]) {
    const r = await api[role]('GET', `/files/${ids[kind]}/content`);
    if (r.status === 200) out.push(kind);
    else expect(r.status, `${role} ${kind}`).toBe(404);
  }
  return out;
};

describe('who reads each kind of document', () => {
  for (const role of ROLES) {
    it(`a ${role} reads exactly ${READS[role].join(', ')}`, async () => {
      // The billing manager made the export, the upload and the screenshot: theirs whatever the kind says.
      const expected = role === 'billingmanager' ? [...READS[role], 'screenshot'] : READS[role];
      expect(await readable(role)).toEqual((Object.keys(FILE_KINDS) as FileKind[]).filter((k) => expected.includes(k)));
    });
  }

  it("a patient user's file list names nothing but photos and logos", async () => {
    const listed = (await api.patient('GET', '/files?itemsPerPage=100')).body.data
      .map((f: { kind: string }) => f.kind)
      .sort();
    expect(listed).toEqual(['logo', 'photo']);
    // Folders of their own making at most (none here); never the billing company's ERAs, EOBs or statements.
    expect((await api.patient('GET', '/files/kinds')).body.map((k: { id: string }) => k.id)).toEqual([
      'export',
      'upload',
      'photo',
      'logo',
      'screenshot',
    ]);
    // Nothing is offered for upload to a patient; a billing manager may upload documents.
    expect(
      (await api.patient('GET', '/files/kinds')).body.filter((k: { uploadable: boolean }) => k.uploadable),
    ).toEqual([]);
    expect(
      (await api.billingmanager('GET', '/files/kinds')).body.find((k: { id: string }) => k.id === 'upload'),
    ).toMatchObject({ uploadable: true });
  });

  it('an export is not listed to a colleague who did not make it, even a billing manager of the same company', async () => {
    await app.createUser({ email: 'manager2@kinds.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
    const other = app.as(await app.login('manager2@kinds.test'));
    expect((await other('GET', `/files/${ids.export}/content`)).status).toBe(404);
    expect((await other('GET', '/files?kind=export')).body.data).toEqual([]);
    expect((await api.billingmanager('GET', '/files?kind=export')).body.data.map((f: { id: number }) => f.id)).toEqual([
      ids.export,
    ]);
  });

  it('patients, clients and professionals cannot upload documents into their billing company', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PDF('patient upload'))], { type: 'application/pdf' }), 'x.pdf');
    for (const role of ['patient', 'client', 'healthprofessional'] as const) {
      expect((await api[role]('POST', '/files?kind=upload', form)).status, role).toBe(403);
    }
    expect(
      Number((await app.db.query<{ n: string }>(`select count(*) as n from files where name = 'x.pdf'`)).rows[0].n),
    ).toBe(0);
  });
});

describe("the shared code sets are a Super User's", () => {
  it('Development Support reads a code-set release but uploads none, and starts no import', async () => {
    expect((await api.developmentsupport('GET', `/files/${ids['code-set']}/content`)).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob(['A000 Cholera'], { type: 'text/plain' }), 'icd10cm.txt');
    expect((await api.developmentsupport('POST', '/files?kind=code-set', form)).status).toBe(403);
    const before = Number((await app.db.query<{ n: string }>('select count(*) as n from jobs')).rows[0].n);
    const r = await api.developmentsupport('POST', '/jobs/code-set-import', {
      file_id: ids['code-set'],
      code_set: 'icd10cm',
    });
    expect(r.status).toBe(403);
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from jobs')).rows[0].n)).toBe(before);
  });

  it('Development Support cannot change a shipped diagnosis or turn it off: only a Super User changes shared codes', async () => {
    const dx = await api.superuser('POST', '/diagnosis', { code: 'Z00.00', description: 'General adult exam' });
    expect(dx.status).toBe(201);
    const edit = await api.developmentsupport('PUT', `/diagnosis/${dx.body.id}`, {
      description: 'Changed for everyone',
      version: dx.body.version,
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('shared_catalogue');
    expect(
      (await api.developmentsupport('PATCH', `/diagnosis/change-status/${dx.body.id}`, { status: false })).status,
    ).toBe(403);
    const row = await app.db.query<{ description: string; active: boolean }>(
      'select description, active from diagnoses where id = $1',
      [dx.body.id],
    );
    expect(row.rows[0]).toEqual({ description: 'General adult exam', active: true });
  });
});

describe("a billing company's own records are its people's", () => {
  it("Development Support cannot change a billing company's own procedure code", async () => {
    const own = await api.superuser('POST', '/procedure', {
      billing_company_id: bc,
      code: '99499',
      description: 'Unlisted evaluation and management service',
      price: 12000,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const edit = await api.developmentsupport('PUT', `/procedure/${own.body.id}`, {
      description: 'Changed by support',
      version: own.body.version,
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('tenant_record_platform_role');
    const row = await app.db.query<{ description: string }>('select description from procedures where id = $1', [
      own.body.id,
    ]);
    expect(row.rows[0].description).toBe('Unlisted evaluation and management service');
  });
});

describe('who sees a job', () => {
  let jobId: number;
  beforeAll(async () => {
    const r = await app.db.query<{ id: number }>(
      `insert into jobs (kind, billing_company_id, user_id, input, state, result) values ('report-export', $1, $2, '{}', 'completed', $3) returning id`,
      [bc, managerId, JSON.stringify({ file_id: ids.export })],
    );
    jobId = Number(r.rows[0].id);
  });

  it("a patient user's job list holds only their own jobs: not the billing manager's export", async () => {
    const r = await api.patient('GET', '/jobs');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    expect((await api.patient('GET', `/jobs/${jobId}`)).status).toBe(404);
  });

  it("a biller does not see a colleague's job; the billing company's manager and a Super User do", async () => {
    expect((await api.biller('GET', '/jobs')).body.map((j: { id: number }) => j.id)).not.toContain(jobId);
    expect((await api.billingmanager('GET', '/jobs')).body.map((j: { id: number }) => j.id)).toContain(jobId);
    expect((await api.superuser('GET', `/jobs/${jobId}`)).body).toMatchObject({
      id: jobId,
      result: { file_id: ids.export },
    });
  });

  it('a code-set import names only a file uploaded as a code set: an ERA is refused and nothing is queued', async () => {
    const before = Number((await app.db.query<{ n: string }>('select count(*) as n from jobs')).rows[0].n);
    const r = await api.superuser('POST', '/jobs/code-set-import', { file_id: ids.era, code_set: 'icd10cm' });
    expect(r.status).toBe(422);
    expect(r.body.errors.file_id).toEqual([
      'The file is not a code-set release: upload the release as a code set first.',
    ]);
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from jobs')).rows[0].n)).toBe(before);
  });
});
