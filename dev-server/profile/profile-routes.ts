import { passwordErrors } from '../../src/domain/password-policy.ts';
import { json, message, type Shape } from '../http/answers.ts';
import { problem, invalid, invalidTexts, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import type { ErrorCode } from '../../src/domain/errors/error-catalogue.ts';
import { catalog } from '../security/permission-catalog.ts';
import { imageUpload, savedImage } from '../storage/image-upload.ts';
import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { userDetail } from '../users/user-accounts.ts';
import { userEntity, type IdentityContext } from '../users/identity-context.ts';
import { changePassword, pinModule, saveSettings, setPhoto, shellOf } from './my-profile.ts';

/** Each shell setting a person may change: what it accepts, and how a wrong value is refused. */
const SETTINGS: Record<string, { valid: (v: unknown) => boolean; refusal: ErrorCode }> = {
  // bottom is the Windows style with a taskbar; any other position is the macOS style dock.
  nav_bar_position: {
    valid: (v) => ['bottom', 'top', 'left', 'right'].includes(v as string),
    refusal: 'nav_bar_position_invalid',
  },
  dock: { valid: (v) => ['full', 'compact', 'auto-hide'].includes(v as string), refusal: 'dock_invalid' },
  background: {
    valid: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 30,
    refusal: 'background_invalid',
  },
  dark_mode: { valid: (v) => typeof v === 'boolean', refusal: 'dark_mode_invalid' },
  // Lists show one line a row (compact) or wrap long values (comfortable).
  list_density: { valid: (v) => v === 'compact' || v === 'comfortable', refusal: 'list_density_invalid' },
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

/** How a person's desktop is set: where the bar sits, the dock, the background, dark mode, list density. */
const SHELL_SETTINGS = {
  nav_bar_position: 'string',
  dock: 'string',
  background: 'integer',
  dark_mode: 'boolean',
  list_density: 'string',
} satisfies Shape;

export const profileRoutes: GuardedRoute<IdentityContext>[] = [
  {
    method: 'get',
    path: '/user/profile',
    answers: json({
      id: 'integer',
      version: 'integer',
      email: 'string',
      language: 'string',
      'photo?': 'string',
      status: 'boolean',
      display_name: 'string',
      roles: [{ id: 'integer', name: 'string', slug: 'string' }],
      role_ids: ['integer'],
      billing_companies: [{ id: 'integer', name: 'string', abbreviation: 'string' }],
      billing_company_ids: ['integer'],
      is_blocked: 'boolean',
      settings: SHELL_SETTINGS,
      taskbars: ['any'],
      'first_name?': 'string',
      'last_name?': 'string',
      'date_of_birth?': 'string',
      'ssn_last4?': 'string',
      'job_role?': 'string',
    }),
    permission: 'setting.profile.show',
    summary: 'My profile and shell settings',
    async handle(ctx, _req, actor) {
      const store = new ResourceStore(ctx.db, userEntity(ctx), actor);
      const me = await userDetail(ctx.db, await store.getUnscoped(ctx.db, actor.userId));
      return { ...me, ...(await shellOf(ctx.db, actor.userId)) };
    },
  },
  {
    method: 'put',
    path: '/user/profile',
    answers: json({
      settings: SHELL_SETTINGS,
      language: 'string',
    }),
    permission: 'setting.profile.edit',
    summary: 'My language and shell settings',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      const errors: Record<string, FieldProblem[]> = {};
      const settings: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(body)) {
        if (k === 'language') {
          if (v !== 'en' && v !== 'es') errors.language = [problem('language_invalid')];
          continue;
        }
        if (!Object.hasOwn(SETTINGS, k)) errors[k] = [problem('field_not_allowed', { field: k })];
        else if (!SETTINGS[k].valid(v)) errors[k] = [problem(SETTINGS[k].refusal)];
        else settings[k] = v;
      }
      if (Object.keys(errors).length) throw invalid(errors);
      return saveSettings(ctx.db, actor, settings, body.language as string | undefined);
    },
  },
  {
    method: 'post',
    path: '/user/update-password',
    answers: message(),
    permission: 'setting.profile.edit',
    summary: 'Change my password (the current one is asked)',
    async handle(ctx, req, actor) {
      const body = bodyObject(req);
      if (typeof body.current_password !== 'string' || !body.current_password)
        throw invalid({ current_password: [problem('current_password_field_required')] });
      const errors = passwordErrors(body.password, body.password_confirmation);
      if (Object.keys(errors).length) throw invalidTexts(errors);
      await changePassword(ctx.db, actor, body.current_password, String(body.password));
      return { message: 'Your password has been changed.' };
    },
  },
  {
    method: 'post',
    path: '/user/img-profile',
    answers: json({ photo: 'string' }),
    permission: 'setting.profile.edit',
    summary: 'My photo (multipart field img, an image under 1 MB)',
    multipart: imageUpload(['img', 'photo', 'file']),
    async handle(ctx, req, actor) {
      if (!req.file)
        throw invalid({ img: [problem('photo_does_not_meet_parameters')] }, 'photo_does_not_meet_parameters');
      const path = await savedImage({
        files: ctx.files,
        actor,
        kind: 'photo',
        file: req.file,
        billingCompanyId: null,
        fields: ['img'],
      });
      await setPhoto(ctx.db, actor, path);
      return { photo: path };
    },
  },
  {
    method: 'post',
    path: '/user/taskbar',
    answers: json({ taskbars: ['string'] }),
    permission: null,
    summary: 'Pin a module to my taskbar',
    async handle(ctx, req, actor) {
      const module = moduleParam(bodyObject(req));
      return { taskbars: await pinModule(ctx.db, actor.userId, module, true) };
    },
  },
  {
    method: 'put',
    path: '/user/taskbar-unpin',
    answers: json({ taskbars: ['string'] }),
    permission: null,
    summary: 'Unpin a module from my taskbar',
    async handle(ctx, req, actor) {
      const module = moduleParam(bodyObject(req));
      return { taskbars: await pinModule(ctx.db, actor.userId, module, false) };
    },
  },
];
