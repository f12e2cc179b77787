import type { Request, RequestHandler } from 'express';
import { DomainError, problem } from '../../src/domain/errors/domain-error.ts';
import type { ErrorCode } from '../../src/domain/errors/error-catalogue.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { verifyPassword } from '../security/passwords.ts';
import { secondStepsOf, takeSecondStep } from './mfa.ts';
import { passkeySignInOptions, takePasskeyStep } from './passkeys.ts';
import { endSession } from './sessions.ts';
import { BLOCK_AT, WARN_AT, clearFailures, recordFailure, standing } from './sign-in-throttle.ts';

/** How long a proof lasts (a sign-in is one): the minutes within which sensitive acts go ahead without asking again. */
const stepUpMinutes = () => Number(process.env.STEP_UP_MINUTES ?? 15);

type Proof = 'totp' | 'passkey' | 'password';

/** Where a wrong proof of each kind is said: the field the person filled and its sentence. */
const WRONG_PROOF = {
  totp: { field: 'code', code: 'mfa_code_wrong' },
  passkey: { field: 'passkey', code: 'passkey_wrong_at_step_up' },
  password: { field: 'password', code: 'password_wrong' },
} as const satisfies Record<Proof, { field: string; code: ErrorCode }>;

/** How the person proves it is them: the authenticator app when they have one, else a passkey, else their password. */
async function proofOf(db: Queryable, userId: number): Promise<Proof> {
  const steps = await secondStepsOf(db, userId);
  return steps.app ? 'totp' : steps.passkey ? 'passkey' : 'password';
}

/** For a person who proves it with a passkey: what the browser needs to sign (a new challenge). */
export async function stepUpPasskeyOptions(db: Database, actor: Actor, req: Request) {
  const options = await passkeySignInOptions(db, actor.userId, req);
  if (!options) throw new DomainError('not_found');
  return options;
}

/**
 * Goes on when the session's person proved it was them within the last minutes; otherwise 403 step_up_required,
 * naming the proof to give (the client asks for it and sends the request again). Work nobody signed in for (the
 * system's) has no person to ask.
 */
export async function requireFreshProof(db: Queryable, actor: Actor): Promise<void> {
  if (actor.system) return;
  const r = await db.query<{ fresh: boolean }>(
    `select stepped_up_at > now() - make_interval(mins => $2) as fresh from sessions where id = $1`,
    [actor.sessionId, stepUpMinutes()],
  );
  if (r.rows[0]?.fresh) return;
  const method = await proofOf(db, actor.userId);
  throw new DomainError('step_up_required', {}, {}, { body: { step_up_required: true, method } });
}

/** A step of a sensitive route (`stepUp: true`): the act needs a recent proof, whatever it carries. */
export function requireStepUp(db: Database): RequestHandler {
  return (_req, res, next) => {
    requireFreshProof(db, res.locals.actor as Actor).then(() => next(), next);
  };
}

/**
 * The proof failed too often: the session ends (audited as a sign-out with the reason) and the person is told to sign
 * in again. The sign-in throttle holds the account's block from this address, so a stolen session is no password or
 * code oracle: it gets the sign-in's tries, no more, in every process.
 */
async function endForFailedProofs(db: Database, actor: Actor): Promise<never> {
  await db.transaction(async (tx) => {
    if (await endSession(tx, actor.sessionId))
      await writeAudit(tx, actor, {
        entity: 'user',
        event: 'signed_out',
        entityId: actor.userId,
        billingCompanyId: null,
        oldValues: null,
        newValues: { reason: 'step_up_failures' },
      });
  });
  throw new DomainError('step_up_blocked');
}

/**
 * The person proves it is them again (an authenticator code, a passkey, or the password without either): audited.
 * A wrong proof counts with the sign-in's failures for the account from this address (warned at the third); the one
 * that blocks sign-in ends the session too.
 */
export async function stepUp(db: Database, actor: Actor, body: Record<string, unknown>, req: Request) {
  const method = await proofOf(db, actor.userId);
  const { email } = actor;
  const ip = req.ip ?? 'unknown';
  if ((await standing(db, email, ip)).kind === 'blocked') return endForFailedProofs(db, actor);
  const wrong = async (): Promise<never> => {
    const failures = await recordFailure(db, email, ip);
    if (failures >= BLOCK_AT) return endForFailedProofs(db, actor);
    const { field, code } = WRONG_PROOF[method];
    // The third in a row says the next wrong one ends the session, as the sign-in warns before it blocks.
    const problems = failures === WARN_AT ? [problem(code), problem('step_up_last_try')] : [problem(code)];
    throw new DomainError('invalid', {}, { [field]: problems }, { body: { attempts: failures } });
  };
  if (method === 'passkey') {
    // The passkey's challenge is spent by this try whatever comes of it (its own transaction).
    if (!(await db.transaction((tx) => takePasskeyStep(tx, actor.userId, req, body.passkey)))) return wrong();
  }
  const given = method === 'totp' ? body.code : body.password;
  if (method !== 'passkey' && (typeof given !== 'string' || !given.trim())) return wrong();
  const proved = await db.transaction(async (tx) => {
    const ok =
      method === 'passkey' ||
      (method === 'totp'
        ? await takeSecondStep(tx, actor.userId, given)
        : await verifyPassword(
            String(given),
            (await tx.query<{ h: string }>('select password_hash as h from users where id = $1', [actor.userId]))
              .rows[0].h,
          ));
    if (!ok) return null;
    const r = await tx.query<{ until: string }>(
      `update sessions set stepped_up_at = now() where id = $1
       returning to_char((now() + make_interval(mins => $2)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as until`,
      [actor.sessionId, stepUpMinutes()],
    );
    await writeAudit(tx, actor, {
      entity: 'user',
      event: 'stepped_up',
      entityId: actor.userId,
      billingCompanyId: null,
      oldValues: null,
      newValues: { method },
    });
    await clearFailures(tx, email, ip);
    return { stepped_up_until: r.rows[0].until, method };
  });
  return proved ?? wrong();
}
