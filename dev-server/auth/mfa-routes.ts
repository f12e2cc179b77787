import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import { json } from '../http/answers.ts';
import type { IdentityContext } from '../users/identity-context.ts';
import { confirmTotp, mfaStatus, startTotp, turnOffTotp } from './mfa.ts';
import { stepUp } from './step-up.ts';

/** A person's own two-step sign-in: an authenticator app (TOTP) set up, confirmed with a code, or turned off. */
export const mfaRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/auth/mfa',
    answers: json({ totp: 'boolean', recovery_codes_left: 'integer' }),
    permission: null,
    access: { duringMfaEnrolment: true },
    summary: 'Whether my sign-in has a second step (an authenticator app), and how many recovery codes I have left',
    handle: (ctx, _req, actor) => mfaStatus(ctx.db, actor.userId),
  },
  {
    method: 'post',
    path: '/auth/mfa/totp',
    answers: json({ secret: 'string', otpauth_uri: 'string', qr_svg: 'string' }),
    permission: null,
    access: { duringMfaEnrolment: true },
    summary:
      'Starts setting up an authenticator app: a new secret as a QR code (SVG) and as text, not in force until confirmed',
    handle: (ctx, _req, actor) => startTotp(ctx.db, actor),
  },
  {
    method: 'post',
    path: '/auth/mfa/totp/confirm',
    answers: json({ recovery_codes: ['string'] }),
    permission: null,
    access: { duringMfaEnrolment: true },
    summary:
      'Confirms the authenticator with a code it shows ({code}): two-step sign-in is on; answers ten recovery codes, shown only this once',
    handle: (ctx, req, actor) => confirmTotp(ctx.db, actor, bodyObject(req).code),
  },
  {
    method: 'delete',
    path: '/auth/mfa/totp',
    answers: json({ totp: 'boolean' }),
    permission: null,
    summary: 'Turns two-step sign-in off, proved with a code from the authenticator or a recovery code ({code})',
    async handle(ctx, req, actor) {
      await turnOffTotp(ctx.db, actor, bodyObject(req).code);
      return { totp: false };
    },
  },
  {
    method: 'post',
    path: '/auth/step-up',
    answers: json({ stepped_up_until: 'string', method: 'string' }),
    permission: null,
    summary:
      'Proves again it is me before a sensitive act ({code} from my authenticator, or {password} without one): such acts go ahead for the next minutes (STEP_UP_MINUTES)',
    handle: (ctx, req, actor) => stepUp(ctx.db, actor, bodyObject(req)),
  },
];
