/** Runs work when the browser has nothing else to do (soon after, where it cannot say when that is). */
export function whenIdle(work: () => void): void {
  const idle =
    (window as unknown as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback ??
    ((cb: () => void) => window.setTimeout(cb, 300));
  idle(work);
}
