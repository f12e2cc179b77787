import type { Entity } from '../../src/platform/entity.ts';
import type { Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { SHELL_DEFAULTS } from '../profile/my-profile.ts';
import { buildMenu } from './menu.ts';
import { accessTtlS } from './sessions.ts';

/** What the desktop needs of the signed-in person: who they are, their menu, taskbars, profile and permissions. */
export async function signedInShell(db: Queryable, entities: Entity[], actor: Actor, inactivityMs: number) {
  const u = (
    await db.query<{
      id: number;
      email: string;
      first_name: string | null;
      last_name: string | null;
      language: string;
      settings: Record<string, unknown> | null;
      taskbars: unknown;
      photo: string | null;
      billing_companies: Array<{ id: number; name: string; abbreviation: string | null }>;
    }>(
      `select u.id, u.email, u.first_name, u.last_name,
              coalesce((select s.language from sessions s where s.id = $2), u.language) as language, u.settings, u.taskbars, u.photo,
              coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'abbreviation', b.abbreviation) order by b.id)
                 from billing_companies b join billing_company_users bu on bu.billing_company_id = b.id where bu.user_id = u.id), '[]'::json) as billing_companies
         from users u where u.id = $1`,
      [actor.userId, actor.sessionId],
    )
  ).rows[0];
  const { menu, menu_by_category } = buildMenu(actor, entities);
  const settings = { ...SHELL_DEFAULTS, ...u.settings };
  return {
    user: {
      id: u.id,
      email: u.email,
      first_name: u.first_name,
      last_name: u.last_name,
      language: u.language,
      photo: u.photo,
      billing_companies: u.billing_companies,
    },
    roles: actor.roles,
    permissions: [...actor.permissions].sort(),
    is_super_user: actor.crossTenant,
    menu,
    menu_by_category,
    taskbars: u.taskbars,
    profile: {
      nav_bar_position: settings.nav_bar_position,
      dock: settings.dock,
      style: { background: settings.background },
      dark_mode: settings.dark_mode,
      list_density: settings.list_density,
      language: u.language,
      photo: u.photo,
    },
    inactivity_time: inactivityMs,
    expires_in: accessTtlS(),
  };
}
