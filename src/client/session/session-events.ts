// One bus for what any call may learn about the session: the idle time left, a lost session, too many requests.
export type SessionEvent =
  | { type: 'activity'; remainingMs: number }
  /** reason: the server's sentence when it ended the session for one (the role's sign-in hours are over) */
  | { type: 'unauthenticated'; reason?: string }
  | { type: 'too-many-requests' };

const target = new EventTarget();

/** The latest idle time the server reported, so a watcher that starts later still knows it. */
export let lastActivity: { remainingMs: number; at: number } | null = null;

export function emitSession(e: SessionEvent) {
  if (e.type === 'activity') lastActivity = { remainingMs: e.remainingMs, at: Date.now() };
  target.dispatchEvent(new CustomEvent('session', { detail: e }));
}

export function onSession(listener: (e: SessionEvent) => void): () => void {
  const handler = (ev: Event) => listener((ev as CustomEvent<SessionEvent>).detail);
  target.addEventListener('session', handler);
  return () => target.removeEventListener('session', handler);
}

export const isEmbedded = () => typeof window !== 'undefined' && !!window.parent && window.parent !== window;
