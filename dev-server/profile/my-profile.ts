import { endSessions } from '../auth/sessions.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';

/** A person's own settings and taskbar, and the changes they make to themselves: each audited. */

/** Shell settings a person keeps in their profile, with the spec's defaults (document 1 §3 "Shell defaults"). */
export const SHELL_DEFAULTS = {
  nav_bar_position: 'bottom',
  dock: 'full',
  background: 13,
  dark_mode: false,
  list_density: 'compact',
} as const;

export async function shellOf(db: Queryable, userId: number) {
  const s = (
    await db.query<{ settings: Record<string, unknown>; taskbars: string[] }>(
      'select settings, taskbars from users where id = $1',
      [userId],
    )
  ).rows[0];
  return { settings: { ...SHELL_DEFAULTS, ...s.settings }, taskbars: s.taskbars };
}

/**
 * Merges checked settings into the person's own; language kept when not given. A language given is this session's
 * (another browser of the person keeps its own) and the person's default for the next sign-in.
 */
export async function saveSettings(db: Database, actor: Actor, settings: Record<string, unknown>, language?: string) {
  return db.transaction(async (tx) => {
    const before = (
      await tx.query<{ settings: Record<string, unknown>; language: string }>(
        'select settings, language from users where id = $1 for update',
        [actor.userId],
      )
    ).rows[0];
    const lang = language ?? before.language;
    const merged = { ...before.settings, ...settings };
    await tx.query('update users set settings = $2, language = $3, updated_at = now() where id = $1', [
      actor.userId,
      JSON.stringify(merged),
      lang,
    ]);
    if (language && language !== before.language) {
      // The person's other open sessions keep the language they show (pinned, if they followed the person's); this one
      // takes the new one, which becomes the person's for the sign-ins to come.
      await tx.query(
        `update sessions set language = case when id = $2 then $3 else coalesce(language, $4) end
          where user_id = $1 and revoked_at is null`,
        [actor.userId, actor.sessionId, language, before.language],
      );
    }
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: actor.userId,
      billingCompanyId: null,
      event: 'updated',
      oldValues: { settings: before.settings, language: before.language },
      newValues: { settings: merged, language: lang },
    });
    return { settings: { ...SHELL_DEFAULTS, ...merged }, language: lang };
  });
}

/** A new password, the current one proved first; every other session of the person ends. */
export async function changePassword(db: Database, actor: Actor, current: string, next: string) {
  const stored = (
    await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [actor.userId])
  ).rows[0];
  if (!(await verifyPassword(current, stored.password_hash)))
    throw invalid({ current_password: [problem('current_password_incorrect')] });
  const hash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.query(
      'update users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1',
      [actor.userId, hash],
    );
    // Other devices must sign in again with the new password; this one stays signed in.
    await endSessions(tx, actor.userId, actor.sessionId);
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: actor.userId,
      billingCompanyId: null,
      event: 'password_changed',
      oldValues: null,
      newValues: null,
    });
  });
}

/** The person's photo, a stored file's path. */
export async function setPhoto(db: Database, actor: Actor, path: string) {
  await db.transaction(async (tx) => {
    const before = (
      await tx.query<{ photo: string | null }>('select photo from users where id = $1 for update', [actor.userId])
    ).rows[0];
    await tx.query('update users set photo = $2, updated_at = now() where id = $1', [actor.userId, path]);
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: actor.userId,
      billingCompanyId: null,
      event: 'photo_changed',
      oldValues: { photo: before.photo },
      newValues: { photo: path },
    });
  });
}

/** Pins (once) or unpins a module on the person's taskbar; answers the taskbar. */
export async function pinModule(db: Queryable, userId: number, module: string, pinned: boolean): Promise<string[]> {
  const r = await db.query<{ taskbars: string[] }>(
    pinned
      ? `update users set taskbars = case when taskbars ? $2 then taskbars else taskbars || to_jsonb($2::text) end where id = $1 returning taskbars`
      : 'update users set taskbars = taskbars - $2::text where id = $1 returning taskbars',
    [userId, module],
  );
  return r.rows[0].taskbars;
}
