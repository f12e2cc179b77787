import { useEffect, useState } from 'react';

// The upload queue (document 3 §4 "Upload queue"): one file after another; an error marks that file
// and does not stop the next; retry of one file or of all only when idle; closing clears it.
export type UploadStatus = 'waiting' | 'uploading' | 'uploaded' | 'error';
export type QueueStatus = 'idle' | 'running' | 'finished' | 'finished_with_errors';
/** The spec's numbers: a file 0 waiting, 1 uploading, 2 done, 3 error; the queue 0 idle, 1 running, 2 finished OK, 3 finished with errors. */
export const FILE_STATUS_CODE: Record<UploadStatus, number> = { waiting: 0, uploading: 1, uploaded: 2, error: 3 };
export const QUEUE_STATUS_CODE: Record<QueueStatus, number> = {
  idle: 0,
  running: 1,
  finished: 2,
  finished_with_errors: 3,
};
export interface UploadItem {
  id: number;
  name: string;
  status: UploadStatus;
  error?: string;
  /** what became of the file, in words (an ERA's payments), once it is in */
  note?: string;
  run(): Promise<string | void>;
}

let items: UploadItem[] = [];
let nextId = 1;
let running = false;
const listeners = new Set<(i: UploadItem[]) => void>();
const emit = () => listeners.forEach((l) => l(items));
const set = (id: number, patch: Partial<UploadItem>) => {
  items = items.map((i) => (i.id === id ? { ...i, ...patch } : i));
  emit();
};

async function pump() {
  if (running) return;
  running = true;
  try {
    for (let next = items.find((i) => i.status === 'waiting'); next; next = items.find((i) => i.status === 'waiting')) {
      set(next.id, { status: 'uploading', error: undefined });
      try {
        const note = await next.run();
        set(next.id, { status: 'uploaded', note: note || undefined });
      } catch (e) {
        set(next.id, { status: 'error', error: (e as Error).message });
      }
    }
  } finally {
    running = false;
    emit();
    for (const w of idleWaiters.splice(0)) w();
  }
}
const idleWaiters: Array<() => void> = [];

/** Resolves when the queue has nothing uploading (at once when it is idle already). */
export const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (!running) resolve();
    else idleWaiters.push(resolve);
  });

export function queueStatus(): QueueStatus {
  if (running || items.some((i) => i.status === 'uploading' || i.status === 'waiting')) return 'running';
  if (!items.length) return 'idle';
  return items.some((i) => i.status === 'error') ? 'finished_with_errors' : 'finished';
}

export function enqueueUpload(name: string, run: () => Promise<string | void>): number {
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

/** Every failed file back in line, only when nothing is uploading. */
export function retryAll(): boolean {
  if (!isQueueIdle() || !items.some((i) => i.status === 'error')) return false;
  items = items.map((i) => (i.status === 'error' ? { ...i, status: 'waiting' as const, error: undefined } : i));
  emit();
  void pump();
  return true;
}

/** Closing the queue clears it (not while it runs). */
export function clearQueue(): boolean {
  if (!isQueueIdle()) return false;
  items = [];
  emit();
  return true;
}

export function useUploadQueue(): UploadItem[] {
  const [list, setList] = useState(items);
  useEffect(() => {
    listeners.add(setList);
    setList(items);
    return () => {
      listeners.delete(setList);
    };
  }, []);
  return list;
}
