import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import { DomainError, fieldError } from '../../src/domain/errors/domain-error.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { mfaRequiredFor } from './mfa-policy.ts';
import { auditSecondStep, ensureRecoveryCodes, secondStepsOf } from './mfa.ts';
import { passkeysOf } from './passkey-store.ts';

/** The name a person's device shows for this product when it offers the passkey. */
const RP_NAME = 'Revenue Cycle';
const CHALLENGE_MINUTES = 5;

/**
 * Where passkeys are made and used: WEBAUTHN_ORIGIN when set (behind a proxy), else the address the request came to
 * (its Host, never its Origin header: a look-alike site that relays to us must not pass as us). The relying party is
 * that origin's host name (an IP address cannot hold passkeys: browsers refuse it, so sign in by a name).
 */
export function relyingParty(req: Request): { origin: string; rpID: string } {
  const origin = process.env.WEBAUTHN_ORIGIN ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return { origin, rpID: process.env.WEBAUTHN_RP_ID ?? new URL(origin).hostname };
}

async function keepChallenge(db: Queryable, userId: number, purpose: 'register' | 'sign_in', challenge: string) {
  await db.query(
    `insert into webauthn_challenges (user_id, purpose, challenge, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))
     on conflict (user_id, purpose) do update set challenge = excluded.challenge, expires_at = excluded.expires_at`,
    [userId, purpose, challenge, CHALLENGE_MINUTES],
  );
}

/** The challenge kept for the person and purpose, spent by this read; null when none or past its minutes. */
async function takeChallenge(db: Queryable, userId: number, purpose: 'register' | 'sign_in'): Promise<string | null> {
  const r = await db.query<{ challenge: string; live: boolean }>(
    `delete from webauthn_challenges where user_id = $1 and purpose = $2
     returning challenge, expires_at > now() as live`,
    [userId, purpose],
  );
  return r.rows[0]?.live ? r.rows[0].challenge : null;
}

/** Starts adding a passkey: what the browser needs to make one (its challenge kept for five minutes). */
export async function passkeyRegistrationOptions(db: Database, actor: Actor, req: Request) {
  const { rpID } = relyingParty(req);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: actor.email,
    userID: new TextEncoder().encode(`user-${actor.userId}`),
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(db, actor.userId)).map((p) => ({
      id: p.credential_id,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(db, actor.userId, 'register', options.challenge);
  return options;
}

/**
 * Adds the passkey the browser made, once its answer proves the kept challenge for this site: named by the person,
 * audited. A person's first second step also gets ten recovery codes, shown once (null when they have some already).
 */
export async function addPasskey(db: Database, actor: Actor, req: Request, body: Record<string, unknown>) {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name || name.length > 60) throw fieldError('name', 'passkey_name');
  // The challenge is spent by this try whatever comes of it (its own statement, not undone by a refusal).
  const challenge = await takeChallenge(db, actor.userId, 'register');
  if (!challenge) throw new DomainError('passkey_challenge_expired');
  const { origin, rpID } = relyingParty(req);
  const verdict = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }));
  if (!verdict.verified) throw new DomainError('passkey_not_verified');
  const { credential } = verdict.registrationInfo;
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: number }>(
      `insert into user_passkeys (user_id, credential_id, public_key, counter, transports, name)
       values ($1, $2, $3, $4, $5, $6) on conflict (credential_id) do nothing returning id`,
      [
        actor.userId,
        credential.id,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports ?? [],
        name,
      ],
    );
    if (!r.rows.length) throw new DomainError('passkey_already_added');
    await auditSecondStep(tx, actor, 'mfa_enabled', { method: 'passkey', name });
    return { id: Number(r.rows[0].id), name, recovery_codes: await ensureRecoveryCodes(tx, actor.userId) };
  });
}

/**
 * Removes one of the person's passkeys, audited; refused when it is the last second step of someone whose role
 * requires one (they set up another first).
 */
export async function removePasskey(db: Database, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const r = await tx.query<{ name: string }>(
      'delete from user_passkeys where id = $1 and user_id = $2 returning name',
      [id, actor.userId],
    );
    if (!r.rows.length) throw new DomainError('not_found');
    const left = await secondStepsOf(tx, actor.userId);
    if (!left.app && !left.passkey && (await mfaRequiredFor(tx, actor.userId)))
      throw new DomainError('mfa_required_by_role');
    await auditSecondStep(tx, actor, 'mfa_disabled', { method: 'passkey', name: r.rows[0].name });
  });
}

/** At sign-in, after the password: what the browser needs to use one of the person's passkeys (challenge kept). */
export async function passkeySignInOptions(db: Queryable, userId: number, req: Request) {
  const keys = await passkeysOf(db, userId);
  if (!keys.length) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(req).rpID,
    allowCredentials: keys.map((p) => ({
      id: p.credential_id,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
    userVerification: 'preferred',
  });
  await keepChallenge(db, userId, 'sign_in', options.challenge);
  return options;
}

/**
 * The second step taken with a passkey: the browser's answer signs the kept challenge with one of the person's own
 * passkeys, for this site, with a counter that moved on (a cloned key shows an old one). Whether it was good.
 */
export async function takePasskeyStep(tx: Queryable, userId: number, req: Request, answer: unknown): Promise<boolean> {
  const response = answer as AuthenticationResponseJSON;
  if (!response || typeof response !== 'object' || typeof response.id !== 'string') return false;
  const challenge = await takeChallenge(tx, userId, 'sign_in');
  const key = (await passkeysOf(tx, userId, response.id))[0];
  if (!challenge || !key) return false;
  const { origin, rpID } = relyingParty(req);
  const verdict = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.credential_id,
      publicKey: new Uint8Array(key.public_key),
      counter: Number(key.counter),
      transports: key.transports as AuthenticatorTransportFuture[],
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verdict?.verified) return false;
  await tx.query('update user_passkeys set counter = $2, last_used_at = now() where id = $1', [
    key.id,
    verdict.authenticationInfo.newCounter,
  ]);
  return true;
}
