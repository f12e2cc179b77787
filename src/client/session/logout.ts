import { api } from './api.ts';
import { clearSession, getSession } from './session-store.ts';

export const LOGOUT_RELOAD_DELAY_MS = 100;

const REASON_KEY = 'signed-out-reason';

/**
 * Why the server ended the session, for the sign-in screen after the reload (no PHI: a rule's sentence). It stays in
 * the tab's storage until the next sign-in: the old page may draw the sign-in screen once before its reload, and a
 * read that took it away there would leave the new page without it.
 */
export const signedOutReason = (): string | null => sessionStorage.getItem(REASON_KEY);
export const forgetSignedOutReason = () => sessionStorage.removeItem(REASON_KEY);

let leaving: Promise<void> | null = null;

/**
 * Logout: tell the server, clear storage, wait 100 ms, go to the root and reload (document 1 §4). Once per page: a
 * lost session is often learnt by two calls at once, and a second reload would land after the sign-in screen has
 * already taken the reason.
 */
export function logout(tellServer = true, reason?: string): Promise<void> {
  if (reason) sessionStorage.setItem(REASON_KEY, reason);
  return (leaving ??= (async () => {
    if (tellServer && getSession()) await api('/auth/logout').catch(() => undefined);
    clearSession();
    await new Promise((r) => setTimeout(r, LOGOUT_RELOAD_DELAY_MS));
    window.location.hash = '#/';
    window.location.reload();
  })());
}

/** A host page that embeds us may order a logout. */
export function obeyParentLogout(): () => void {
  const onMessage = (e: MessageEvent) => {
    if (e.data?.type === 'logout' || e.data === 'logout' || e.data?.type === 'inactivity') void logout();
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
