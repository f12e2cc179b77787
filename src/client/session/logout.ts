import { api } from './api.ts';
import { clearSession, getSession } from './session-store.ts';

export const LOGOUT_RELOAD_DELAY_MS = 100;

/** Logout: tell the server, clear storage, wait 100 ms, go to the root and reload (document 1 §4). */
export async function logout(tellServer = true): Promise<void> {
  if (tellServer && getSession()) await api('/auth/logout').catch(() => undefined);
  clearSession();
  await new Promise((r) => setTimeout(r, LOGOUT_RELOAD_DELAY_MS));
  window.location.hash = '#/';
  window.location.reload();
}

/** A host page that embeds us may order a logout. */
export function obeyParentLogout(): () => void {
  const onMessage = (e: MessageEvent) => {
    if (e.data?.type === 'logout' || e.data === 'logout' || e.data?.type === 'inactivity') void logout();
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
