// What auth/me answers (dev-server/auth/auth-router.ts).
export interface MenuModule {
  name: string;
  key: string;
  route: string | null;
  window: { width?: number; height?: number } | null;
  permissions: Record<string, boolean>;
}
export interface Me {
  user: {
    id: number;
    email: string;
    first_name?: string;
    last_name?: string;
    language: 'en' | 'es';
    photo?: string | null;
    billing_companies: Array<{ id: number; name: string }>;
  };
  roles: string[];
  permissions: string[];
  is_super_user: boolean;
  menu: Record<string, Record<string, boolean>>;
  menu_by_category: Array<{ category: string; modules: MenuModule[] }>;
  taskbars: string[];
  profile: {
    nav_bar_position: string;
    dock: string;
    style: { background: number };
    dark_mode: boolean;
    /** lists: one line a row (compact) or long values wrapped (comfortable) */
    list_density: 'compact' | 'comfortable';
    language: 'en' | 'es';
    photo?: string | null;
  };
}

export const can = (me: Me, slug: string) => me.permissions.includes(slug);
