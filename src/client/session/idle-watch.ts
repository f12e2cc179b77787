import { isEmbedded, lastActivity, onSession } from './session-events.ts';

/** The modal warns this long before the server would end the session (or at half the limit when it is short). */
export const WARNING_MS = 60_000;
export const warningDelay = (remainingMs: number) =>
  remainingMs > 2 * WARNING_MS ? remainingMs - WARNING_MS : Math.floor(remainingMs / 2);

/**
 * Starts the session_worker and feeds it the inactivity time of every response (or of a message
 * from the host page when embedded). onIdle gets the milliseconds left before the server logs out.
 */
export function watchIdle(onIdle: (msLeft: number) => void): () => void {
  const worker = new Worker(new URL('./session-worker.ts', import.meta.url), {
    type: 'module',
    name: 'session_worker',
  });
  let lastRemaining = 0;
  let lastAt = Date.now();
  worker.onmessage = () => onIdle(Math.max(0, lastRemaining - (Date.now() - lastAt)));
  const reset = (remainingMs: number) => {
    lastRemaining = remainingMs;
    lastAt = Date.now();
    worker.postMessage({ type: 'reset', warnInMs: warningDelay(remainingMs) });
    if (isEmbedded()) window.parent.postMessage({ type: 'inactivity-time', value: remainingMs }, '*');
  };
  const off = onSession((e) => {
    if (e.type === 'activity') reset(e.remainingMs);
  });
  if (lastActivity) reset(Math.max(0, lastActivity.remainingMs - (Date.now() - lastActivity.at)));
  // A host page may carry the inactivity time for us.
  const onParent = (e: MessageEvent) => {
    if (e.data?.type === 'inactivity-time' && typeof e.data.value === 'number') reset(e.data.value);
  };
  window.addEventListener('message', onParent);
  return () => {
    off();
    window.removeEventListener('message', onParent);
    worker.postMessage({ type: 'stop' });
    worker.terminate();
  };
}
