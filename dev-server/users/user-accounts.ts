import { blockedSql, unblockEmail } from '../auth/sign-in-throttle.ts';
import { notFound, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { hashPassword } from '../security/passwords.ts';
import { WELCOME_HOURS, issueResetToken } from '../auth/password-reset.ts';
import type { Queryable } from '../db/database.ts';
import type { AuditEvent } from '../db/audit-writer.ts';
import type { Locale } from '../i18n/locale.ts';
import { appUrl, mailMessages } from '../mail/mail-messages.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { randomBytes } from 'node:crypto';
import { userEntity, type IdentityContext } from './identity-context.ts';
import { changeRoles, offeredRoles, requireOfferedRoles, rolesOf, setRoles } from './offered-roles.ts';

import { USER_MESSAGES } from './user-messages.ts';

/** Users as accounts: reading one as the screens show it, creating and changing them, locking and sessions. */

export const store = (ctx: IdentityContext, actor: Actor) => new ResourceStore(ctx.db, userEntity(ctx), actor);

/** A user as the screens show it: the stored fields plus roles, billing companies and the lock state. */
export async function userDetail(db: Queryable, row: Row): Promise<Row> {
  const extra = (
    await db.query<{ billing_companies: unknown; blocked: boolean }>(
      `select coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'abbreviation', b.abbreviation) order by b.id)
               from billing_company_users m join billing_companies b on b.id = m.billing_company_id where m.user_id = $1), '[]'::json) as billing_companies,
            ${blockedSql('users.email')} as blocked
       from users where id = $1`,
      [row.id],
    )
  ).rows[0];
  const roles = await rolesOf(db, row.id);
  return {
    ...row,
    roles: roles.map((r) => ({ id: r.id, name: r.name, slug: r.slug })),
    role_ids: roles.map((r) => r.id),
    billing_companies: extra.billing_companies,
    billing_company_ids: (extra.billing_companies as Array<{ id: number }>).map((b) => b.id),
    is_blocked: extra.blocked,
  };
}

/** The card a look-up answers: enough to recognise the person, nothing more. */
export async function lookupCard(ctx: IdentityContext, actor: Actor, where: string, value: string) {
  const r = await ctx.db.query<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    ssn_last4: string | null;
    billing_company_ids: number[];
  }>(
    `select id, first_name, last_name, email, ssn_last4, array(select billing_company_id from billing_company_users where user_id = users.id) as billing_company_ids
       from users where ${where} limit 1`,
    [value],
  );
  const u = r.rows[0];
  const mine =
    u && (actor.crossTenant || u.billing_company_ids.map(Number).some((id) => actor.billingCompanyIds.includes(id)));
  // Someone of another billing company is answered as nobody: a look-up by SSN or e-mail must not tell a company
  // that a person has an account anywhere else (support links an existing account to a second company).
  if (!mine) throw notFound('user_does_not_exist');
  return {
    message: USER_MESSAGES.exists,
    user: {
      id: Number(u.id),
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      ssn_last4: u.ssn_last4,
    },
    in_my_billing_company: true,
  };
}

/** The billing companies a new user joins: a Super User names them; others give theirs. */
function billingCompaniesFor(actor: Actor, asked: unknown, needsOne: boolean): number[] {
  const ids = Array.isArray(asked) ? asked.map(Number) : [];
  if (!actor.crossTenant) {
    if (ids.some((id) => !actor.billingCompanyIds.includes(id)))
      throw invalid({ billing_company_ids: [problem('selected_billing_companies_invalid')] });
    if (ids.length) return ids;
    if (actor.billingCompanyIds.length === 1) return actor.billingCompanyIds;
  }
  if (!ids.length && needsOne) throw invalid({ billing_company_ids: [problem('billing_company_required')] });
  return ids;
}

async function emailTaken(db: Queryable, email: string, exceptId = 0) {
  const r = await db.query('select 1 from users where lower(email) = lower($1) and id <> $2', [email, exceptId]);
  if (r.rowCount) throw invalid({ email: [problem('user_already_exists_email')] }, 'user_already_exists_email');
}

/** Creates a user with roles and billing companies; a link to choose a password is mailed. */
export async function createUser(ctx: IdentityContext, actor: Actor, input: Record<string, unknown>, locale: Locale) {
  const { writable, check } = entityWriter(userEntity(ctx));
  const body = writable(input);
  check(body, locale);
  await emailTaken(ctx.db, String(body.email));
  const roles = await requireOfferedRoles(ctx.db, actor, body.roles as number[]);
  const companies = billingCompaniesFor(
    actor,
    body.billing_company_ids,
    roles.some((r) => r.type !== 1),
  );
  const { roles: _r, billing_company_ids: _b, ...fields } = body;
  // Nobody knows this password: the person chooses theirs through the mailed link.
  const values: Record<string, unknown> = {
    ...fields,
    password_hash: await hashPassword(randomBytes(24).toString('base64url')),
  };
  let token = '';
  const row = await store(ctx, actor).create(values, {
    within: async (tx, created) => {
      await setRoles(
        tx,
        created.id,
        roles.map((r) => r.id),
      );
      await tx.query(
        'insert into billing_company_users (billing_company_id, user_id) select unnest($1::bigint[]), $2',
        [companies, created.id],
      );
      token = await issueResetToken(tx, created.id, WELCOME_HOURS * 60);
      return { roles: roles.map((r) => r.slug), billing_company_ids: companies };
    },
  });
  const m = mailMessages.welcome(
    (row.language ?? 'en') as Locale,
    String(row.email),
    `${appUrl()}/#/newCredentials?token=${token}`,
    WELCOME_HOURS,
  );
  await ctx.mail.send(ctx.db, {
    to: String(row.email),
    subject: m.subject,
    text: m.text,
    kind: 'welcome',
    userId: row.id,
  });
  return userDetail(ctx.db, row);
}

/** Updates a user: fields, SSN, the roles the actor may give, the billing companies the actor may name. */
export async function updateUser({
  ctx,
  actor,
  id,
  input,
  locale,
}: {
  ctx: IdentityContext;
  actor: Actor;
  id: number;
  input: Record<string, unknown>;
  locale: Locale;
}) {
  const { writable, check } = entityWriter(userEntity(ctx));
  const body = writable(input);
  const s = store(ctx, actor);
  return ctx.db.transaction(async (tx) => {
    const current = await s.get(id, tx, true);
    const currentRoles = await rolesOf(tx, id);
    check({ ...writable(current), roles: currentRoles.map((r) => r.id), ...body }, locale);
    if (typeof body.email === 'string') await emailTaken(tx, body.email, id);
    const { roles, billing_company_ids, ...fields } = body;
    // The SSN becomes its look-up hash and last 4 through the schema's protected field.
    const values = await s.protect(fields);
    let after = await s.applyUpdate(tx, current, values, 'updated');
    if (Array.isArray(roles)) {
      const wanted = await requireOfferedRoles(tx, actor, roles as number[]);
      // Roles the actor cannot see (another company's) stay as they are.
      const offered = new Set((await offeredRoles(tx, actor)).map((r) => r.id));
      const next = [
        ...new Set([...currentRoles.filter((r) => !offered.has(r.id)).map((r) => r.id), ...wanted.map((r) => r.id)]),
      ];
      const before = currentRoles.map((r) => r.id);
      if (JSON.stringify([...next].sort()) !== JSON.stringify([...before].sort())) {
        await changeRoles({ tx, store: s, actor, user: after, before, next });
      }
    }
    if (Array.isArray(billing_company_ids)) {
      const wanted = billingCompaniesFor(actor, billing_company_ids, false);
      const mine = actor.crossTenant ? null : actor.billingCompanyIds;
      await tx.query(
        `delete from billing_company_users where user_id = $1 and not (billing_company_id = any($2::bigint[])) and ($3::bigint[] is null or billing_company_id = any($3::bigint[]))`,
        [id, wanted, mine],
      );
      await tx.query(
        'insert into billing_company_users (billing_company_id, user_id) select unnest($1::bigint[]), $2 on conflict do nothing',
        [wanted, id],
      );
    }
    after = await s.get(id, tx);
    return userDetail(tx, after);
  });
}

/** One's own record, whatever billing company scope says (a Super User belongs to none). */
export async function selfRow(s: ResourceStore, tx: Queryable, id: number): Promise<Row> {
  const r = await tx.query('select id from users where id = $1 for update', [id]);
  if (!r.rowCount) throw notFound();
  return s.getUnscoped(tx, id);
}

/** An action on a visible user, locked, done and audited in one transaction. */
export async function auditedUserAction({
  ctx,
  id,
  actor,
  event,
  message,
  act,
}: {
  ctx: IdentityContext;
  id: number;
  actor: Actor;
  event: AuditEvent;
  message: string;
  act: (tx: Queryable, id: number) => Promise<object | null>;
}) {
  const s = store(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    const row = await s.get(id, tx, true);
    await s.audit({ tx, event, row, oldValues: null, newValues: await act(tx, id) });
  });
  return { message };
}

/** Lifts the sign-in block of a user's e-mail. */
export async function unlockUser(tx: Queryable, id: number) {
  const email = (await tx.query<{ email: string }>('select email from users where id = $1', [id])).rows[0]?.email;
  if (email) await unblockEmail(tx, email);
  return null;
}
