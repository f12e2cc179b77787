import { useEffect, useState } from 'react';

// The upload queue: one file after another; an error does not stop the next; retry only when idle.
export type UploadStatus = 'waiting' | 'uploading' | 'uploaded' | 'error';
export interface UploadItem { id: number; name: string; status: UploadStatus; error?: string; run(): Promise<void> }

let items: UploadItem[] = [];
let nextId = 1;
let running = false;
const listeners = new Set<(i: UploadItem[]) => void>();
const emit = () => listeners.forEach((l) => l(items));
const set = (id: number, patch: Partial<UploadItem>) => { items = items.map((i) => (i.id === id ? { ...i, ...patch } : i)); emit(); };

async function pump() {
  if (running) return;
  running = true;
  try {
    for (let next = items.find((i) => i.status === 'waiting'); next; next = items.find((i) => i.status === 'waiting')) {
      set(next.id, { status: 'uploading', error: undefined });
      try { await next.run(); set(next.id, { status: 'uploaded' }); } catch (e) { set(next.id, { status: 'error', error: (e as Error).message }); }
    }
  } finally { running = false; emit(); }
}

export function enqueueUpload(name: string, run: () => Promise<void>): number {
  const id = nextId++;
  items = [...items, { id, name, status: 'waiting', run }];
  emit();
  void pump();
  return id;
}

export const isQueueIdle = () => !running && !items.some((i) => i.status === 'waiting' || i.status === 'uploading');

/** A failed upload goes back in line, but only when nothing is uploading. */
export function retryUpload(id: number) {
  if (!isQueueIdle()) return false;
  set(id, { status: 'waiting' });
  void pump();
  return true;
}

export function useUploadQueue(): UploadItem[] {
  const [list, setList] = useState(items);
  useEffect(() => { listeners.add(setList); setList(items); return () => { listeners.delete(setList); }; }, []);
  return list;
}
