/// <reference lib="webworker" />
// session_worker: runs the inactivity timer off the page's thread, so a busy or hidden tab still
// warns on time. The page sends the time left after every call; the worker answers when it is up.
let timer: ReturnType<typeof setTimeout> | undefined;

self.onmessage = (e: MessageEvent<{ type: 'reset'; warnInMs: number } | { type: 'stop' }>) => {
  clearTimeout(timer);
  if (e.data.type === 'reset')
    timer = setTimeout(() => self.postMessage({ type: 'expired' }), Math.max(0, e.data.warnInMs));
};
