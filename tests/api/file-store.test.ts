import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultFileStore } from '../../dev-server/app.ts';
import { moveLegacyImages } from '../../dev-server/files/legacy-images.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let bmA: Api;
let bmB: Api;
let pdf: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  const a = await app.createBillingCompany('Files A', 'FA');
  const b = await app.createBillingCompany('Files B', 'FB');
  await app.createUser({ email: 'a@files.test', roles: ['billingmanager'], billingCompanyIds: [a] });
  await app.createUser({ email: 'b@files.test', roles: ['billingmanager'], billingCompanyIds: [b] });
  bmA = app.as(await app.login('a@files.test'));
  bmB = app.as(await app.login('b@files.test'));
  pdf = Buffer.from(`%PDF-1.4\n% an EOB ${Date.now()}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
});
afterAll(() => app.close());

const form = (data: Buffer | Uint8Array, name = 'eob.pdf', type = 'application/pdf') => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return f;
};

describe('the file store', () => {
  it('keeps a document with its size and SHA-256, and the same file uploaded twice is one stored file', async () => {
    const first = await bmA('POST', '/files?kind=eob', form(pdf));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      kind: 'eob',
      name: 'eob.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
      duplicate: false,
    });
    expect(first.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const again = await bmA('POST', '/files?kind=eob', form(pdf, 'same-eob-renamed.pdf'));
    expect(again.body).toMatchObject({ id: first.body.id, duplicate: true });
    const rows = await app.db.query('select id from files where sha256 = $1', [first.body.sha256]);
    expect(rows.rows).toHaveLength(1);
  });

  it('serves the bytes back only through the signed-in route, with nosniff and the type its bytes show', async () => {
    const up = await bmA('POST', '/files?kind=upload', form(pdf, 'scan.pdf', 'image/png'));
    const res = await fetch(`${app.url}/files/${up.body.id}/content`, {
      headers: { authorization: `Bearer ${await app.login('a@files.test')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(`${app.url}/files/${up.body.id}/content`)).status).toBe(401);
  });

  it("a download by another billing company's user is 404, and their list does not show it", async () => {
    const up = await bmA('POST', '/files?kind=eob', form(Buffer.concat([pdf, Buffer.from('other')]), 'private.pdf'));
    expect((await bmB('GET', `/files/${up.body.id}/content`)).status).toBe(404);
    expect((await bmB('GET', `/files/${up.body.id}`)).status).toBe(404);
    expect((await bmB('GET', '/files')).body.data.map((f: { id: number }) => f.id)).not.toContain(up.body.id);
    expect((await bmA('GET', '/files?kind=eob')).body.data.map((f: { id: number }) => f.id)).toContain(up.body.id);
  });

  it('decides the type by the bytes: HTML declared as PDF, an SVG with script and an ELF binary are refused', async () => {
    const html = await bmA(
      'POST',
      '/files?kind=eob',
      form(Buffer.from('<html><script>alert(1)</script></html>'), 'eob.pdf'),
    );
    expect(html.status).toBe(422);
    expect(html.body.errors.file).toEqual(['A file of type unknown cannot be stored as EOBs.']);
    const svg = await bmA(
      'POST',
      '/files?kind=upload',
      form(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ),
    );
    expect(svg.status).toBe(422);
    expect(svg.body.errors.file).toEqual(['A file of type unknown cannot be stored as Uploads.']);
    const elf = await bmA(
      'POST',
      '/files?kind=upload',
      form(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'x.jpg', 'image/jpeg'),
    );
    expect(elf.status).toBe(422);
    const kept = await app.db.query(
      `select name from files where name in ('eob.pdf', 'x.svg', 'x.jpg') and content_type <> 'application/pdf'`,
    );
    expect(kept.rows).toEqual([]);
  });

  it("refuses an empty file, and one over its kind's limit with 413 Content Too Large, keeping nothing", async () => {
    const before = Number((await app.db.query<{ n: number }>('select count(*) n from files')).rows[0].n);
    expect((await bmA('POST', '/files?kind=eob', form(Buffer.alloc(0)))).body.errors.file).toEqual([
      'The file is empty.',
    ]);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024)]);
    const r = await bmA('POST', '/files?kind=eob', form(big));
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('The file is larger than 20 MB allowed for EOBs.');
    expect(r.body.errors.file).toEqual(['The file is larger than 20 MB allowed for EOBs.']);
    expect(Number((await app.db.query<{ n: number }>('select count(*) n from files')).rows[0].n)).toBe(before);
  });

  it('a file far over its kind’s limit is refused with 413 before it is read, never as a cut-off upload', async () => {
    const before = Number((await app.db.query<{ n: number }>('select count(*) n from files')).rows[0].n);
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(60 * 1024 * 1024)]);
    const r = await bmA('POST', '/files?kind=eob', form(huge));
    expect(r.status).toBe(413);
    expect(r.body.errors.file).toEqual(['The file is larger than 20 MB allowed for EOBs.']);
    expect(Number((await app.db.query<{ n: number }>('select count(*) n from files')).rows[0].n)).toBe(before);
  });

  it('an X12 file is recognised by its ISA header and only as an X12 kind', async () => {
    const x12 = readFileSync(new URL('../fixtures/x12/835/managed-care.835', import.meta.url));
    const era = await bmA('POST', '/files?kind=era', form(x12, '835.edi', 'text/plain'));
    expect(era.status).toBe(201);
    expect(era.body.content_type).toBe('application/edi-x12');
    expect((await bmA('POST', '/files?kind=eob', form(x12, '835.pdf'))).status).toBe(422);
  });

  it('a photo or logo goes behind the signed-in route: no public address answers it', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)]);
    const f = new FormData();
    f.append('img', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const r = await bmA('POST', '/user/img-profile', f);
    expect(r.body.photo).toMatch(/^api\/v1\/files\/\d+\/content$/);
    const base = app.url.replace(/\/api\/v1$/, '');
    expect((await fetch(`${base}/${r.body.photo}`)).status).toBe(401);
    expect((await bmB('GET', r.body.photo.replace('api/v1', ''))).status).toBe(404);
  });
});

describe('photos and logos of an earlier release', () => {
  it('move from their public address into the file store on start, and an unreadable one is dropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'legacy-files-'));
    mkdirSync(join(dir, 'photos'));
    writeFileSync(
      join(dir, 'photos', 'user-1.png'),
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(40)]),
    );
    writeFileSync(join(dir, 'photos', 'user-2.svg'), '<svg><script>alert(1)</script></svg>');
    const a = await app.createUser({ email: 'legacy-a@files.test', roles: ['biller'] });
    const b = await app.createUser({ email: 'legacy-b@files.test', roles: ['biller'] });
    await app.db.query(`update users set photo = 'files/photos/user-1.png' where id = $1`, [a]);
    await app.db.query(`update users set photo = 'files/photos/user-2.svg' where id = $1`, [b]);
    expect(await moveLegacyImages(app.db, defaultFileStore(app.db, '.test-data/files'), dir)).toBe(1);
    const rows = (
      await app.db.query<{ id: number; photo: string | null }>(
        'select id, photo from users where id = any($1::bigint[]) order by id',
        [[a, b]],
      )
    ).rows;
    expect(rows[0].photo).toMatch(/^api\/v1\/files\/\d+\/content$/);
    expect(rows[1].photo).toBeNull();
    const owner = app.as(await app.login('legacy-a@files.test'));
    expect((await owner('GET', rows[0].photo!.replace('api/v1', ''))).status).toBe(200);
  });
});
