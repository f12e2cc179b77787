import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import { json, record } from '../http/answers.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { LookupContext } from './lookup-routes.ts';
import { createHealthProfessional } from './health-professionals.ts';

export interface ProfessionalContext extends LookupContext {
  mail: MailTransport;
}

/**
 * POST /health-professional: the professional and their user, in one transaction. An e-mail that
 * already has a user links that user (a doctor who works for two billing companies signs in once);
 * otherwise a user is made with the Health Professional role in the professional's billing company
 * and a link to choose a password is mailed, as for any new user.
 */
export const healthProfessionalRoutes: GuardedRoute<ProfessionalContext>[] = [
  {
    method: 'post',
    path: '/health-professional',
    answers: json(record('health_professional')),
    permission: 'healthprofessional.create',
    status: 201,
    summary:
      'Creates a health professional and their user (Health Professional role); a new user is mailed a link to choose a password',
    handle: (ctx, req, actor, res) => createHealthProfessional(ctx, actor, bodyObject(req), res.locals.locale),
  },
];
