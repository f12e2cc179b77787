import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { json, type Shape } from '../http/answers.ts';
import type { IdentityContext } from '../users/identity-context.ts';
import { confirmTotp, mfaStatus, startTotp, turnOffTotp } from './mfa.ts';
import { stepUp, stepUpPasskeyOptions } from './step-up.ts';
import { addPasskey, passkeyRegistrationOptions, removePasskey } from './passkeys.ts';

/** What a browser's navigator.credentials.create needs to make a passkey (WebAuthn's creation options, as JSON). */
const PASSKEY_CREATION = {
  challenge: 'string',
  rp: { name: 'string', 'id?': 'string' },
  user: { id: 'string', name: 'string', displayName: 'string' },
  pubKeyCredParams: [{ alg: 'integer', type: 'string' }],
  'timeout?': 'integer',
  'attestation?': 'string',
  'excludeCredentials?': [{ id: 'string', type: 'string', 'transports?': ['string'] }],
  'authenticatorSelection?': 'object',
  'extensions?': 'object',
  'hints?': ['string'],
} satisfies Shape;

/** What navigator.credentials.get needs to sign a challenge with one of the person's passkeys (request options). */
const PASSKEY_REQUEST = {
  challenge: 'string',
  'timeout?': 'integer',
  'rpId?': 'string',
  'allowCredentials?': [{ id: 'string', type: 'string', 'transports?': ['string'] }],
  'userVerification?': 'string',
  'extensions?': 'object',
  'hints?': ['string'],
} satisfies Shape;

/** A person's own two-step sign-in: an authenticator app (TOTP) set up, confirmed with a code, or turned off. */
export const mfaRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/auth/mfa',
    answers: json({
      totp: 'boolean',
      passkeys: [{ id: 'integer', name: 'string', created_at: 'string', last_used_at: 'string?' }],
      recovery_codes_left: 'integer',
    }),
    permission: null,
    access: { duringMfaEnrolment: true },
    summary:
      'Whether my sign-in has a second step (an authenticator app, passkeys), my passkeys, and how many recovery codes I have left',
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
    path: '/auth/mfa/passkey/options',
    answers: json(PASSKEY_CREATION),
    permission: null,
    access: { duringMfaEnrolment: true },
    summary:
      "Starts adding a passkey: the options the browser's navigator.credentials.create needs (its challenge good for five minutes)",
    handle: (ctx, req, actor) => passkeyRegistrationOptions(ctx.db, actor, req),
  },
  {
    method: 'post',
    path: '/auth/mfa/passkey',
    answers: json({ id: 'integer', name: 'string', recovery_codes: 'any' }),
    permission: null,
    access: { duringMfaEnrolment: true },
    status: 201,
    summary:
      'Adds the passkey the browser made ({name, response}): two-step sign-in is on; a first second step answers ten recovery codes, shown only this once (else null)',
    handle: (ctx, req, actor) => addPasskey(ctx.db, actor, req, bodyObject(req)),
  },
  {
    method: 'delete',
    path: '/auth/mfa/passkey/{id}',
    answers: json({ removed: 'boolean' }),
    permission: null,
    stepUp: true,
    summary: 'Removes one of my passkeys; not the last second step of someone whose role requires one',
    async handle(ctx, req, actor) {
      await removePasskey(ctx.db, actor, idParam(req));
      return { removed: true };
    },
  },
  {
    method: 'post',
    path: '/auth/step-up/options',
    answers: json(PASSKEY_REQUEST),
    permission: null,
    summary:
      "For a person who proves it is them with a passkey: the options the browser's navigator.credentials.get needs (a new challenge)",
    handle: (ctx, req, actor) => stepUpPasskeyOptions(ctx.db, actor, req),
  },
  {
    method: 'post',
    path: '/auth/step-up',
    answers: json({ stepped_up_until: 'string', method: 'string' }),
    permission: null,
    summary:
      "Proves again it is me before a sensitive act ({code} from my authenticator, {passkey}: the browser's answer to /auth/step-up/options, or {password} without either): such acts go ahead for the next minutes (STEP_UP_MINUTES)",
    handle: (ctx, req, actor) => stepUp(ctx.db, actor, bodyObject(req), req),
  },
];
