import { describe, expect, it } from 'vitest';
import {
  QUEUE_STATUS_CODE,
  clearQueue,
  enqueueUpload,
  isQueueIdle,
  queueStatus,
  retryAll,
  retryUpload,
  whenIdle,
} from '../../../src/client/shell/upload-queue.ts';

/** An upload that finishes when the test says so. */
const held = () => {
  let release!: () => void;
  const run = () =>
    new Promise<void>((r) => {
      release = r;
    });
  return { run, release: () => release() };
};

describe('upload queue', () => {
  it('uploads one file after another, in order', async () => {
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    const job = (name: string) => async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await Promise.resolve();
      order.push(name);
      inFlight--;
    };
    enqueueUpload('a', job('a'));
    enqueueUpload('b', job('b'));
    enqueueUpload('c', job('c'));
    await whenIdle();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
  });

  it('an error does not stop the next file', async () => {
    const done: string[] = [];
    enqueueUpload('bad', async () => {
      throw new Error('refused');
    });
    enqueueUpload('good', async () => {
      done.push('good');
    });
    await whenIdle();
    expect(done).toEqual(['good']);
  });

  it('retry is refused while something uploads, and works when idle', async () => {
    let attempts = 0;
    const failing = enqueueUpload('flaky', async () => {
      attempts++;
      if (attempts === 1) throw new Error('once');
    });
    await whenIdle();
    const slow = held();
    enqueueUpload('slow', slow.run);
    expect(retryUpload(failing)).toBe(false);
    slow.release();
    await whenIdle();
    expect(isQueueIdle()).toBe(true);
    expect(retryUpload(failing)).toBe(true);
    await whenIdle();
    expect(attempts).toBe(2);
  });
});

describe('upload queue status', () => {
  it('finishes with errors when a file failed, retries all the failed files when idle, and clears when closed', async () => {
    clearQueue();
    let tries = 0;
    enqueueUpload('one.pdf', async () => undefined);
    const bad = enqueueUpload('two.pdf', async () => {
      tries++;
      if (tries === 1) throw new Error('The server refused the file');
    });
    enqueueUpload('three.pdf', async () => undefined);
    expect(QUEUE_STATUS_CODE[queueStatus()]).toBe(1);
    await whenIdle();
    expect(queueStatus()).toBe('finished_with_errors');
    expect(QUEUE_STATUS_CODE[queueStatus()]).toBe(3);
    expect(retryAll()).toBe(true);
    await whenIdle();
    expect(tries).toBe(2);
    expect(queueStatus()).toBe('finished');
    expect(retryUpload(bad)).toBe(true);
    await whenIdle();
    expect(clearQueue()).toBe(true);
    expect(queueStatus()).toBe('idle');
  });
});
