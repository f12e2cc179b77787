import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import Papa from 'papaparse';
import { yieldToEventLoop } from '../db/yield.ts';
import type { ImportProgress } from './icd10cm-import.ts';

/**
 * The rows of a delimited file (gzipped too) as cells, one line at a time: a release of millions of rows is never held
 * whole, and the next line is read only when the reader asks for it. Tab-delimited lines are split; CSV lines go
 * through papaparse for their quotes.
 */
export async function* fileRows(file: string, delimiter: ',' | '\t'): AsyncGenerator<string[]> {
  const raw = createReadStream(file);
  const input: Readable = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    yield delimiter === '\t' ? line.split('\t') : (Papa.parse<string[]>(line, { delimiter }).data[0] ?? []);
  }
}

/**
 * Writes what `read` makes of each row in batches, each written before the next is read, and says the count after
 * each batch. Rows `read` answers null for (notices, headers) are skipped. Answers how many were written.
 */
export async function writeInBatches<T>(
  rows: AsyncIterable<string[]>,
  read: (cells: string[]) => T | null,
  write: (batch: T[]) => Promise<void>,
  { batchSize = 5000, progress }: { batchSize?: number; progress?: ImportProgress } = {},
): Promise<number> {
  let batch: T[] = [];
  let total = 0;
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch;
    batch = [];
    await write(rows);
    total += rows.length;
    progress?.(total, total);
    // The embedded database runs on this thread: requests meanwhile get their turn between batches.
    await yieldToEventLoop();
  };
  for await (const cells of rows) {
    const row = read(cells);
    if (row === null) continue;
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return total;
}
