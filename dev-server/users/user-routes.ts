import { endSessions, openSessions } from '../auth/sessions.ts';
import { json, idNames, message, type Shape } from '../http/answers.ts';
import { OPEN_SESSION } from '../auth/session-routes.ts';
import { notFound, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { isSsn } from '../../src/domain/formats.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { entityWriter } from '../resources/validation.ts';
import { userEntity, type IdentityContext } from './identity-context.ts';
import { offeredRoles } from './offered-roles.ts';
import { ssnHash } from '../security/ssn-protection.ts';
import { USER_MESSAGES } from './user-messages.ts';
import {
  auditedUserAction,
  createUser,
  lookupCard,
  selfRow,
  store,
  unlockUser,
  updateUser,
  userDetail,
} from './user-accounts.ts';

/** A user as User Management reads one: the record, with roles and billing companies named. */
const USER: Shape = {
  id: 'integer',
  version: 'integer',
  email: 'string',
  'first_name?': 'string?',
  'last_name?': 'string?',
  'language?': 'string?',
  status: 'boolean',
  'display_name?': 'string?',
  roles: [{ id: 'integer', name: 'string', slug: 'string' }],
  role_ids: ['integer'],
  billing_companies: [{ id: 'integer', name: 'string', abbreviation: 'string?' }],
  billing_company_ids: ['integer'],
  is_blocked: 'boolean',
};

export { USER_MESSAGES } from './user-messages.ts';

export const userRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/user/{ssn}/get-by-ssn',
    answers: json({
      message: 'string',
      user: { id: 'integer', first_name: 'string', last_name: 'string', email: 'string', ssn_last4: 'string' },
      in_my_billing_company: 'boolean',
    }),
    permission: 'user.create',
    summary: 'Find a user by SSN before adding one',
    async handle(ctx, req, actor) {
      const ssn = String(req.params.ssn);
      if (!isSsn(ssn) && !/^\d{9}$/.test(ssn)) throw invalid({ ssn: [problem('ssn_format_xxx_xx_xxxx')] });
      return lookupCard(ctx, actor, 'ssn_hash = $1', await ssnHash(ctx.db, ssn));
    },
  },
  {
    method: 'get',
    path: '/user/search',
    answers: json({
      message: 'string',
      user: { id: 'integer', first_name: 'string', last_name: 'string', email: 'string', ssn_last4: 'string' },
      in_my_billing_company: 'boolean',
    }),
    permission: 'user.create',
    summary: 'Find a user by e-mail before adding one',
    async handle(ctx, req, actor) {
      const email = req.query.email;
      if (typeof email !== 'string' || !email.trim()) throw invalid({ email: [problem('email_field_required')] });
      return lookupCard(ctx, actor, 'lower(email) = lower($1)', email.trim());
    },
  },
  {
    method: 'get',
    path: '/user/types',
    answers: json(idNames),
    permission: 'user.view',
    summary: 'User types',
    async handle() {
      return [
        { id: 1, name: 'Super User' },
        { id: 2, name: 'Billing User' },
        { id: 3, name: 'Patient' },
        { id: 4, name: 'Health professional' },
      ];
    },
  },
  {
    method: 'get',
    path: '/roles',
    answers: json([{ id: 'integer', slug: 'string', name: 'string', type: 'integer', billing_company_id: 'any' }]),
    permission: ['user.view', 'permission.manage.user'],
    summary: 'Roles that may be given to a user (no Health Professional, no Patient)',
    async handle(ctx, req, actor) {
      const bc = req.query.billing_company_id;
      return offeredRoles(ctx.db, actor, typeof bc === 'string' && /^\d+$/.test(bc) ? Number(bc) : undefined);
    },
  },
  {
    method: 'get',
    path: '/user/{id}',
    answers: json(USER),
    permission: 'user.show',
    summary: 'A user with roles and billing companies',
    async handle(ctx, req, actor) {
      return userDetail(ctx.db, await store(ctx, actor).get(idParam(req)));
    },
  },
  {
    method: 'post',
    path: '/user',
    answers: json(USER),
    permission: 'user.create',
    status: 201,
    summary: 'Create a user; a link to choose a password is mailed',
    async handle(ctx, req, actor, res) {
      return createUser(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'put',
    path: '/user/{id}',
    answers: json(USER),
    permission: 'user.edit',
    summary: 'Update a user (fields, SSN, roles, billing companies)',
    async handle(ctx, req, actor, res) {
      return updateUser({ ctx, actor, id: idParam(req), input: bodyObject(req), locale: res.locals.locale });
    },
  },
  {
    method: 'patch',
    path: '/user/social-medias/{id}',
    answers: json({
      id: 'integer',
      version: 'integer',
      email: 'string',
      social_networks: [{ network: 'string', link: 'string' }],
    }),
    permission: ['user.edit', 'setting.profile.edit'],
    summary: "A user's social networks (one's own with the profile permission)",
    async handle(ctx, req, actor, res) {
      const id = idParam(req);
      if (id !== actor.userId && !actor.permissions.has('user.edit')) throw notFound();
      const body = bodyObject(req);
      const networks = body.social_networks ?? body.social_medias;
      entityWriter(userEntity(ctx)).checkPresent({ social_networks: networks ?? [] }, res.locals.locale);
      const s = store(ctx, actor);
      return ctx.db.transaction(async (tx) => {
        const current = id === actor.userId ? await selfRow(s, tx, id) : await s.get(id, tx, true);
        return s.applyUpdate(tx, current, { social_networks: networks }, 'updated');
      });
    },
  },
  {
    method: 'patch',
    path: '/user/{id}/unlock',
    answers: message(),
    permission: 'user.unlock',
    summary: 'Unlock a user blocked after failed sign-ins',
    handle: (ctx, req, actor) =>
      auditedUserAction({
        ctx,
        id: idParam(req),
        actor,
        event: 'unlocked',
        message: USER_MESSAGES.unlocked,
        act: unlockUser,
      }),
  },
  {
    method: 'get',
    path: '/user/{id}/sessions',
    answers: json([OPEN_SESSION]),
    permission: 'user.edit',
    summary: "A user's open sessions (address, browser, signed in, last used, ends at), for a manager who may end them",
    async handle(ctx, req, actor) {
      const user = await store(ctx, actor).get(idParam(req));
      return openSessions(ctx.db, Number(user.id));
    },
  },
  {
    method: 'delete',
    path: '/user/{id}/sessions',
    answers: message(),
    permission: 'user.edit',
    summary: 'End every session of a user',
    handle: (ctx, req, actor) =>
      auditedUserAction({
        ctx,
        id: idParam(req),
        actor,
        event: 'sessions_ended',
        message: USER_MESSAGES.sessionsEnded,
        act: endSessions,
      }),
  },
];
