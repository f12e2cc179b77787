import { createHash, randomBytes } from 'node:crypto';
import { mfaRequiredFor } from './mfa-policy.ts';
import QRCode from 'qrcode';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { openSecret, sealSecret } from '../security/secret-box.ts';
import { base32, matchedStep, otpauthUri, wasJustUsed } from '../security/totp.ts';
import { listPasskeys } from './passkey-store.ts';

/** The name an authenticator app shows beside the account. */
const ISSUER = 'Revenue Cycle';
const RECOVERY_CODES = 10;

const hashOf = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');

/** A recovery code as people copy it: 10 characters in two groups, none that reads like another (0/O, 1/I/L). */
function recoveryCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

interface MfaRow {
  /** null: no authenticator app, only recovery codes (a person with passkeys) */
  totp_secret: string | null;
  confirmed_at: string | null;
  last_step: number;
  recovery_hashes: string[];
}

const mfaOf = async (db: Queryable, userId: number, lock = false) =>
  (
    await db.query<MfaRow>(
      `select totp_secret, confirmed_at, last_step, recovery_hashes from user_mfa where user_id = $1${lock ? ' for update' : ''}`,
      [userId],
    )
  ).rows[0];

/** A change of a person's own second step (an app, a passkey), in their audit trail: which, never its secret. */
export function auditSecondStep(
  tx: Queryable,
  actor: Actor,
  event: 'mfa_enabled' | 'mfa_disabled',
  step: { method: 'totp' | 'passkey'; name?: string },
) {
  return writeAudit(tx, actor, {
    entity: 'user',
    event,
    entityId: actor.userId,
    billingCompanyId: null,
    oldValues: event === 'mfa_disabled' ? step : null,
    newValues: event === 'mfa_enabled' ? step : null,
  });
}

/** Whether a person signs in with a second step (an app, passkeys), and how many recovery codes they have left. */
export async function mfaStatus(db: Queryable, userId: number) {
  const row = await mfaOf(db, userId);
  const passkeys = await listPasskeys(db, userId);
  const on = !!row?.confirmed_at || passkeys.length > 0;
  return { totp: !!row?.confirmed_at, passkeys, recovery_codes_left: on ? (row?.recovery_hashes.length ?? 0) : 0 };
}

/** A person's second steps in one read: a confirmed authenticator app, passkeys. */
export async function secondStepsOf(db: Queryable, userId: number): Promise<{ app: boolean; passkey: boolean }> {
  const r = await db.query<{ app: boolean; passkey: boolean }>(
    `select exists (select 1 from user_mfa where user_id = $1 and confirmed_at is not null) as app,
            exists (select 1 from user_passkeys where user_id = $1) as passkey`,
    [userId],
  );
  return r.rows[0];
}

/**
 * Ten recovery codes for a person taking their first second step, shown once; null when they already have some (a
 * second passkey, or a passkey beside the app, keeps the codes they were given).
 */
export async function ensureRecoveryCodes(tx: Queryable, userId: number): Promise<string[] | null> {
  const row = await mfaOf(tx, userId, true);
  if (row?.recovery_hashes.length) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await tx.query(
    `insert into user_mfa (user_id, recovery_hashes) values ($1, $2)
     on conflict (user_id) do update set recovery_hashes = excluded.recovery_hashes`,
    [userId, codes.map(hashOf)],
  );
  return codes;
}

/**
 * Starts setting up an authenticator: a new secret, kept sealed and not yet in force, shown once as a QR code and as
 * text to type. Setting up again replaces a secret not yet confirmed; a confirmed one must be turned off first.
 */
export async function startTotp(db: Database, actor: Actor) {
  if ((await mfaOf(db, actor.userId))?.confirmed_at) throw new DomainError('mfa_already_on');
  const secret = randomBytes(20);
  await db.query(
    `insert into user_mfa (user_id, totp_secret) values ($1, $2)
     on conflict (user_id) do update set totp_secret = excluded.totp_secret, confirmed_at = null, last_step = -1`,
    [actor.userId, sealSecret(secret.toString('base64'))],
  );
  const uri = otpauthUri(ISSUER, actor.email, secret);
  return { secret: base32(secret), otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
}

/** The step of a code good for this person now, or null; a code is good once (steps after the last one taken). */
function codeStep(row: MfaRow, code: unknown, now: number): number | null {
  if (typeof code !== 'string' || !row.totp_secret) return null;
  return matchedStep(Buffer.from(openSecret(row.totp_secret), 'base64'), code, now, Number(row.last_step));
}

/**
 * Whether a refused sign-in code is the one this person's app showed for a sign-in (or the set-up) just before: good
 * once, so refused, but the person is told to wait for the next code rather than that it is wrong.
 */
export async function codeJustUsed(db: Queryable, userId: number, code: unknown, now = Date.now()): Promise<boolean> {
  const row = await mfaOf(db, userId);
  if (!row?.totp_secret || typeof code !== 'string') return false;
  return wasJustUsed(Buffer.from(openSecret(row.totp_secret), 'base64'), code, now, Number(row.last_step));
}

/** Confirms the authenticator with a code from it: two-step sign-in is on, and the recovery codes are shown once. */
export async function confirmTotp(db: Database, actor: Actor, code: unknown, now = Date.now()) {
  return db.transaction(async (tx) => {
    const row = await mfaOf(tx, actor.userId, true);
    if (!row) throw new DomainError('mfa_not_started');
    if (row.confirmed_at) throw new DomainError('mfa_already_on');
    const step = codeStep(row, code, now);
    if (step === null) throw new DomainError('invalid', {}, { code: [{ code: 'mfa_code_wrong' }] });
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await tx.query(
      `update user_mfa set confirmed_at = now(), last_step = $2, recovery_hashes = $3 where user_id = $1`,
      [actor.userId, step, codes.map(hashOf)],
    );
    await auditSecondStep(tx, actor, 'mfa_enabled', { method: 'totp' });
    return { recovery_codes: codes };
  });
}

/** Turns two-step sign-in off, with a code from the authenticator (or a recovery code) as proof. */
export async function turnOffTotp(db: Database, actor: Actor, code: unknown, now = Date.now()) {
  await db.transaction(async (tx) => {
    const { passkey: passkeys } = await secondStepsOf(tx, actor.userId);
    if (!passkeys && (await mfaRequiredFor(tx, actor.userId))) throw new DomainError('mfa_required_by_role');
    if (!(await takeSecondStep(tx, actor.userId, code, now)))
      throw new DomainError('invalid', {}, { code: [{ code: 'mfa_code_wrong' }] });
    // With passkeys the recovery codes stay theirs; without, the second step is gone altogether.
    if (passkeys)
      await tx.query('update user_mfa set totp_secret = null, confirmed_at = null where user_id = $1', [actor.userId]);
    else await tx.query('delete from user_mfa where user_id = $1', [actor.userId]);
    await auditSecondStep(tx, actor, 'mfa_disabled', { method: 'totp' });
  });
}

/**
 * Takes the second step of a sign-in: a code from the authenticator (good once), or a recovery code (spent). Whether
 * it was good. Runs inside the caller's transaction, the row locked, so two sign-ins cannot spend one code twice.
 */
export async function takeSecondStep(tx: Queryable, userId: number, code: unknown, now = Date.now()): Promise<boolean> {
  const row = await mfaOf(tx, userId, true);
  if (!row || typeof code !== 'string' || !code.trim()) return false;
  const step = codeStep(row, code, now);
  if (step !== null) {
    await tx.query('update user_mfa set last_step = $2 where user_id = $1', [userId, step]);
    return true;
  }
  const hash = hashOf(code);
  if (!row.recovery_hashes.includes(hash)) return false;
  await tx.query('update user_mfa set recovery_hashes = array_remove(recovery_hashes, $2) where user_id = $1', [
    userId,
    hash,
  ]);
  return true;
}
