import { useEffect, useState } from 'react';
import { API_BASE, api } from '../../session/api.ts';
import { getSession } from '../../session/session-store.ts';

export interface MessageNotice {
  thread_id: number;
  message_id: number;
}
type Listener = (n: MessageNotice) => void;

const listeners = new Set<Listener>();
let stream: AbortController | null = null;
const READ_EVENT = 'messenger-read';

/**
 * The server's message events, one stream for the whole desktop however many screens listen. It is
 * read with fetch (an EventSource cannot send the bearer token) and opened again after a drop, waiting
 * longer each time up to 30 s.
 */
async function follow(signal: AbortSignal) {
  let wait = 1000;
  while (!signal.aborted) {
    try {
      // A plain call first: it refreshes an expired session before the stream asks with its token.
      await api('/messenger/unread');
      const session = getSession();
      if (!session) return;
      const res = await fetch(`${API_BASE}/messenger/events`, {
        headers: { authorization: `Bearer ${session.access_token}`, accept: 'text/event-stream' },
        signal,
      });
      if (!res.ok || !res.body) throw new Error(String(res.status));
      wait = 1000;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (!block.startsWith('event: message')) continue;
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) {
            const n = JSON.parse(data.slice(6)) as MessageNotice;
            listeners.forEach((l) => l(n));
          }
        }
      }
    } catch {
      /* dropped or refused: tried again below */
    }
    if (signal.aborted) return;
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 2, 30_000);
  }
}

export function onMessageNotice(l: Listener): () => void {
  listeners.add(l);
  if (!stream) {
    stream = new AbortController();
    void follow(stream.signal);
  }
  return () => {
    listeners.delete(l);
    if (!listeners.size && stream) {
      stream.abort();
      stream = null;
    }
  };
}

/** Tells the taskbar's count that a conversation was read here. */
export const announceRead = () => window.dispatchEvent(new Event(READ_EVENT));

/** Messages waiting unread for the person: read at sign-in, again at each new message and each reading. */
export function useUnreadMessages(): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () =>
      api<{ unread: number }>('/messenger/unread').then(
        (r) => live && setUnread(r.unread),
        () => undefined,
      );
    void load();
    const off = onMessageNotice(() => void load());
    window.addEventListener(READ_EVENT, load);
    return () => {
      live = false;
      off();
      window.removeEventListener(READ_EVENT, load);
    };
  }, []);
  return unread;
}
