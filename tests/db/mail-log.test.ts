import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../dev-server/db/database.ts';
import { createMailTransport } from '../../dev-server/mail/mail-transport.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.close());

const codeMail = { to: 'nurse@mail-log.test', subject: 'Your sign-in code', text: 'Code: K7QW2M', kind: 'device-code' };

describe('mail without a mail server', () => {
  it("keeps the text in the outbox and out of the server log: a live code never reaches the log's readers", async () => {
    const lines: string[] = [];
    const id = await createMailTransport({}, (l) => lines.push(l)).send(db, codeMail);
    expect(lines.join('\n')).not.toContain('K7QW2M');
    expect(lines).toEqual([
      `[mail] no SMTP_URL set; "device-code" mail to nurse@mail-log.test kept in mail_outbox (row ${id})`,
    ]);
    const kept = await db.query<{ body: string }>('select body from mail_outbox where id = $1', [id]);
    expect(kept.rows[0].body).toBe('Code: K7QW2M');
  });

  it('prints the text to the log only when a developer asks for it (DEV_PRINT_SECRETS=1)', async () => {
    const lines: string[] = [];
    await createMailTransport({ DEV_PRINT_SECRETS: '1' }, (l) => lines.push(l)).send(db, codeMail);
    expect(lines.join('\n')).toContain('Code: K7QW2M');
  });
});
