import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let ana: Api;
let ben: Api;
let carla: Api;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Notes BC', 'NBC');
  await app.createUser({ email: 'ana@notes.test', roles: ['biller'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'ben@notes.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'carla@notes.test', roles: ['superuser'] });
  ana = app.as(await app.login('ana@notes.test'));
  ben = app.as(await app.login('ben@notes.test'));
  carla = app.as(await app.login('carla@notes.test'));
});
afterAll(() => app.close());

const stored = async (id: number) =>
  (await app.db.query<{ body: string; color: string }>('select body, color from sticky_notes where id = $1', [id]))
    .rows[0];

describe('sticky notes', () => {
  it('a note is kept on the server with its colour, and read back by its author', async () => {
    const r = await ana('POST', '/sticky-notes', { body: 'Call Aetna about claim 1042', color: 'green' });
    expect(r.status).toBe(201);
    expect(await stored(r.body.id)).toEqual({ body: 'Call Aetna about claim 1042', color: 'green' });
    expect((await ana('GET', '/sticky-notes')).body).toEqual([
      expect.objectContaining({ id: r.body.id, body: 'Call Aetna about claim 1042', color: 'green' }),
    ]);
  });

  it("another person of the same billing company, or a Super User, neither lists nor reads nor changes someone's note", async () => {
    const mine = (await ana('POST', '/sticky-notes', { body: 'Private: patient asked for a payment plan' })).body;
    for (const who of [ben, carla]) {
      expect((await who('GET', '/sticky-notes')).body.map((n: { id: number }) => n.id)).not.toContain(mine.id);
      expect((await who('PUT', `/sticky-notes/${mine.id}`, { body: 'changed' })).status).toBe(404);
      expect((await who('DELETE', `/sticky-notes/${mine.id}`)).status).toBe(404);
    }
    expect((await stored(mine.id)).body).toBe('Private: patient asked for a payment plan');
  });

  it('a change saves the new text and is audited without the text itself', async () => {
    const note = (await ana('POST', '/sticky-notes', { body: 'draft' })).body;
    const r = await ana('PUT', `/sticky-notes/${note.id}`, { body: 'Follow up Friday with BCBS', color: 'pink' });
    expect(r.status).toBe(200);
    expect(await stored(note.id)).toEqual({ body: 'Follow up Friday with BCBS', color: 'pink' });
    const audits = (
      await app.db.query<{ event: string; new_values: Record<string, unknown> }>(
        `select event, new_values from audits where entity = 'sticky-note' and entity_id = $1 order by id`,
        [note.id],
      )
    ).rows;
    expect(audits.map((a) => a.event)).toEqual(['created', 'updated']);
    expect(audits[1].new_values).toEqual({ color: 'pink', length: 'Follow up Friday with BCBS'.length });
  });

  it('an unknown colour or a note too long is refused with the field at fault, and nothing changes', async () => {
    const note = (await ana('POST', '/sticky-notes', { body: 'keep me' })).body;
    const bad = await ana('PUT', `/sticky-notes/${note.id}`, { color: 'orange' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ color: ['The selected color is invalid.'] });
    const long = await ana('PUT', `/sticky-notes/${note.id}`, { body: 'x'.repeat(5001) });
    expect(long.body.errors).toEqual({ body: ['The note may not be greater than 5000 characters.'] });
    expect(await stored(note.id)).toEqual({ body: 'keep me', color: 'yellow' });
  });

  it('a person keeps at most 50 notes', async () => {
    const have = (await ben('GET', '/sticky-notes')).body.length;
    for (let i = have; i < 50; i++) expect((await ben('POST', '/sticky-notes', {})).status).toBe(201);
    const over = await ben('POST', '/sticky-notes', { body: 'one too many' });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ notes: ['You can keep at most 50 notes.'] });
    expect((await ben('GET', '/sticky-notes')).body).toHaveLength(50);
  });

  it('a note thrown away is gone', async () => {
    const note = (await ana('POST', '/sticky-notes', { body: 'done' })).body;
    expect((await ana('DELETE', `/sticky-notes/${note.id}`)).status).toBe(200);
    expect(await stored(note.id)).toBeUndefined();
  });
});
