// What the browser keeps between visits, under the keys document 1 §3 and §9 name.
export const STORAGE_KEYS = {
  session: 'session',
  role: 'role_user',
  config: 'config',
  accessToken: 'access_token',
  device: 'device_token',
} as const;

export interface StoredSession {
  access_token: string;
  expires_at: string;
}
export interface StoredConfig {
  language: 'en' | 'es';
  nav_bar_position?: string;
  dock?: string;
  background?: number;
  dark_mode?: boolean;
}

const read = <T>(key: string): T | null => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
};

export const getSession = () => read<StoredSession>(STORAGE_KEYS.session);

export function saveSession(accessToken: string, expiresInSeconds: number) {
  const session: StoredSession = {
    access_token: accessToken,
    expires_at: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
  };
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
}

/** Valid until the current time reaches expires_at (document 1 §4). */
export const isExpired = (s: StoredSession) => Date.now() >= Date.parse(s.expires_at);

export const getConfig = (): StoredConfig => ({
  language: navigatorLanguage(),
  ...read<StoredConfig>(STORAGE_KEYS.config),
});
export const saveConfig = (c: Partial<StoredConfig>) =>
  localStorage.setItem(STORAGE_KEYS.config, JSON.stringify({ ...getConfig(), ...c }));
export const saveRole = (roles: string[]) => localStorage.setItem(STORAGE_KEYS.role, JSON.stringify(roles));
export const getRoles = () => read<string[]>(STORAGE_KEYS.role) ?? [];

export const getDeviceToken = () => localStorage.getItem(STORAGE_KEYS.device);
export const saveDeviceToken = (t: string) => localStorage.setItem(STORAGE_KEYS.device, t);

/** Logout clears the session, the config and both tokens; the device token stays (it is the device's). */
export function clearSession() {
  for (const k of [STORAGE_KEYS.session, STORAGE_KEYS.role, STORAGE_KEYS.config, STORAGE_KEYS.accessToken])
    localStorage.removeItem(k);
}

function navigatorLanguage(): 'en' | 'es' {
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('es') ? 'es' : 'en';
}
