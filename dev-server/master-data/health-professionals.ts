import { randomBytes } from 'node:crypto';
import { hashPassword } from '../security/passwords.ts';
import { issueResetToken, WELCOME_HOURS } from '../auth/password-reset.ts';
import { appUrl, mailMessages } from '../mail/mail-messages.ts';
import { entityWriter } from '../resources/validation.ts';
import { entityOf, storeOf } from '../resources/store-of.ts';

import type { Actor } from '../security/actor.ts';
import type { ProfessionalContext } from './health-professional-routes.ts';

/** The professional and their user in one transaction: an e-mail that already has a user links it; otherwise a user is made with the Health Professional role in the professional's billing company and mailed a link to choose a password. */
export async function createHealthProfessional(
  ctx: ProfessionalContext,
  actor: Actor,
  input: Record<string, unknown>,
  locale: 'en' | 'es',
) {
  const { writable, check } = entityWriter(entityOf(ctx, 'health-professional'));
  const body = writable(input);
  check(body, locale);
  const email = String(body.email).trim().toLowerCase();
  let welcome: { userId: number; token: string } | null = null;
  const row = await storeOf(ctx, actor, 'health-professional').create(body, {
    within: async (tx, created) => {
      const bc = Number(created.billing_company_id);
      const existing = await tx.query<{ id: string }>('select id from users where lower(email) = $1', [email]);
      let userId = existing.rows[0] ? Number(existing.rows[0].id) : 0;
      if (!userId) {
        const u = await tx.query<{ id: string }>(
          'insert into users (email, first_name, last_name, password_hash) values ($1, $2, $3, $4) returning id',
          [email, body.first_name, body.last_name, await hashPassword(randomBytes(24).toString('base64url'))],
        );
        userId = Number(u.rows[0].id);
        welcome = { userId, token: await issueResetToken(tx, userId, WELCOME_HOURS * 60) };
      }
      await tx.query(
        `insert into user_roles (user_id, role_id) select $1, id from roles where slug = 'healthprofessional' and billing_company_id is null on conflict do nothing`,
        [userId],
      );
      await tx.query(
        'insert into billing_company_users (billing_company_id, user_id) values ($1, $2) on conflict do nothing',
        [bc, userId],
      );
      await tx.query('update health_professionals set user_id = $1 where id = $2', [userId, created.id]);
      return { user_id: userId };
    },
  });
  if (welcome) {
    const w = welcome as { userId: number; token: string };
    const m = mailMessages.welcome(locale, email, `${appUrl()}/#/newCredentials?token=${w.token}`, WELCOME_HOURS);
    await ctx.mail.send(ctx.db, { to: email, subject: m.subject, text: m.text, kind: 'welcome', userId: w.userId });
  }
  return row;
}
