import { passwordErrors } from '../../src/domain/password-policy.ts';
import { problem, invalid, invalidTexts } from '../../src/domain/errors/domain-error.ts';
import { catalog } from '../auth/permission-catalog.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { writeAudit } from '../audit/audit-writer.ts';
import { imageUpload, savedImage } from '../files/image-upload.ts';
import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { userDetail } from '../users/user-routes.ts';
import { userEntity, type IdentityContext } from '../users/identity-context.ts';

/** Shell settings a person keeps in their profile, with the spec's defaults (document 1 §3 "Shell defaults"). */
export const SHELL_DEFAULTS = { nav_bar_position: 'bottom', dock: 'full', background: 13, dark_mode: false } as const;
const SETTING_RULES: Record<string, (v: unknown) => boolean> = {
  // bottom is the Windows style with a taskbar; any other position is the macOS style dock.
  nav_bar_position: (v) => ['bottom', 'top', 'left', 'right'].includes(v as string),
  dock: (v) => ['full', 'compact', 'auto-hide'].includes(v as string),
  background: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 30,
  dark_mode: (v) => typeof v === 'boolean',
};
const SETTING_MESSAGES: Record<string, string> = {
  nav_bar_position: 'The selected nav bar position is invalid.',
  dock: 'The selected dock is invalid.',
  background: 'The background must be an image number from 1 to 30.',
  dark_mode: 'The dark mode must be true or false.',
};

/** Modules that can be pinned: the catalogue's and the shell's own tools. */
const PINNABLE = new Set([
  ...catalog.modules.map((m) => m.name),
  'Patient Management',
  'Payments Management',
  'Profile',
  'File Manager',
  'Web Browser',
  'Sticky Notes',
  'Messenger',
  'Calculator',
  'Widgets',
  'Setting',
  'Technical Support',
  'Guidelines',
  'Shortcuts',
  'Medical Store',
  'My Billing Company Management',
]);

function moduleParam(body: Record<string, unknown>): string {
  const m = body.module;
  if (typeof m !== 'string' || !m.trim()) throw invalid({ module: [problem('module_field_required')] });
  if (!PINNABLE.has(m)) throw invalid({ module: [problem('selected_module_invalid')] });
  return m;
}

export const profileRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/user/profile',
    permission: 'setting.profile.show',
    summary: 'My profile and shell settings',
    async handle(ctx, _req, actor) {
      const store = new ResourceStore(ctx.db, userEntity(ctx), actor);
      const me = await userDetail(ctx.db, await store.getUnscoped(ctx.db, actor.userId));
      const s = (
        await ctx.db.query<{ settings: Record<string, unknown>; taskbars: string[] }>(
          'select settings, taskbars from users where id = $1',
          [actor.userId],
        )
      ).rows[0];
      return { ...me, settings: { ...SHELL_DEFAULTS, ...s.settings }, taskbars: s.taskbars };
    },
  },
  {
    method: 'put',
    path: '/user/profile',
    permission: 'setting.profile.edit',
    summary: 'My language and shell settings',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const errors: Record<string, string[]> = {};
      const settings: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(body)) {
        if (k === 'language') {
          if (v !== 'en' && v !== 'es') errors.language = ['The selected language is invalid.'];
          continue;
        }
        if (!SETTING_RULES[k]) {
          errors[k] = [`The field ${k} is not allowed.`];
          continue;
        }
        if (!SETTING_RULES[k](v)) errors[k] = [SETTING_MESSAGES[k]];
        else settings[k] = v;
      }
      if (Object.keys(errors).length) throw invalidTexts(errors);
      return ctx.db.transaction(async (tx) => {
        const before = (
          await tx.query<{ settings: Record<string, unknown>; language: string }>(
            'select settings, language from users where id = $1 for update',
            [actor.userId],
          )
        ).rows[0];
        const language = (body.language as string | undefined) ?? before.language;
        const merged = { ...before.settings, ...settings };
        await tx.query('update users set settings = $2, language = $3, updated_at = now() where id = $1', [
          actor.userId,
          JSON.stringify(merged),
          language,
        ]);
        await writeAudit(tx, actor, {
          entity: 'user',
          entityId: actor.userId,
          billingCompanyId: null,
          event: 'updated',
          oldValues: { settings: before.settings, language: before.language },
          newValues: { settings: merged, language },
        });
        return { settings: { ...SHELL_DEFAULTS, ...merged }, language };
      });
    },
  },
  {
    method: 'post',
    path: '/user/update-password',
    permission: 'setting.profile.edit',
    summary: 'Change my password (the current one is asked)',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      if (typeof body.current_password !== 'string' || !body.current_password)
        throw invalid({ current_password: [problem('current_password_field_required')] });
      const errors = passwordErrors(body.password, body.password_confirmation);
      if (Object.keys(errors).length) throw invalidTexts(errors);
      const stored = (
        await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [actor.userId])
      ).rows[0];
      if (!(await verifyPassword(body.current_password, stored.password_hash)))
        throw invalid({ current_password: [problem('current_password_incorrect')] });
      const hash = await hashPassword(String(body.password));
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          'update users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1',
          [actor.userId, hash],
        );
        // Other devices must sign in again with the new password; this one stays signed in.
        await tx.query(
          'update sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null',
          [actor.userId, actor.sessionId],
        );
        await writeAudit(tx, actor, {
          entity: 'user',
          entityId: actor.userId,
          billingCompanyId: null,
          event: 'password_changed',
          oldValues: null,
          newValues: null,
        });
      });
      return { message: 'Your password has been changed.' };
    },
  },
  {
    method: 'post',
    path: '/user/img-profile',
    permission: 'setting.profile.edit',
    summary: 'My photo (multipart field img, an image under 1 MB)',
    multipart: imageUpload(['img', 'photo', 'file']),
    async handle(ctx, req, actor) {
      if (!req.file)
        throw invalid({ img: [problem('photo_does_not_meet_parameters')] }, 'photo_does_not_meet_parameters');
      const path = await savedImage(ctx.files, actor, 'photo', req.file, null, ['img']);
      await ctx.db.transaction(async (tx) => {
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
      return { photo: path };
    },
  },
  {
    method: 'post',
    path: '/user/taskbar',
    permission: null,
    summary: 'Pin a module to my taskbar',
    async handle(ctx, req, actor) {
      const module = moduleParam(bodyObject(req));
      const r = await ctx.db.query<{ taskbars: string[] }>(
        `update users set taskbars = case when taskbars ? $2 then taskbars else taskbars || to_jsonb($2::text) end where id = $1 returning taskbars`,
        [actor.userId, module],
      );
      return { taskbars: r.rows[0].taskbars };
    },
  },
  {
    method: 'put',
    path: '/user/taskbar-unpin',
    permission: null,
    summary: 'Unpin a module from my taskbar',
    async handle(ctx, req, actor) {
      const module = moduleParam(bodyObject(req));
      const r = await ctx.db.query<{ taskbars: string[] }>(
        'update users set taskbars = taskbars - $2::text where id = $1 returning taskbars',
        [actor.userId, module],
      );
      return { taskbars: r.rows[0].taskbars };
    },
  },
];
