import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a stored stream turned out to be. */
export interface PutResult {
  sha256: string;
  size: number;
  head: Uint8Array;
}

/** Raised when a stream passes its limit; nothing is kept. */
export class TooLargeError extends Error {}

/**
 * Bytes by their SHA-256: the same content is kept once, whoever uploads it. A local directory by
 * default; an object store fits the same three calls.
 */
export interface BlobStorage {
  /** streams in, hashing and counting on the way; refuses past maxBytes without keeping anything */
  put(source: Readable, maxBytes: number): Promise<PutResult>;
  open(sha256: string): Readable;
  has(sha256: string): boolean;
}

export function localBlobStorage(root: string): BlobStorage {
  const objects = join(root, 'objects');
  const tmp = join(root, 'tmp');
  const pathOf = (sha: string) => join(objects, sha.slice(0, 2), sha);
  return {
    async put(source, maxBytes) {
      mkdirSync(tmp, { recursive: true });
      const temp = join(tmp, randomBytes(12).toString('hex'));
      const hash = createHash('sha256');
      let size = 0;
      const headParts: Buffer[] = [];
      let headLength = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new TooLargeError());
          if (headLength < 64) {
            headParts.push(chunk.subarray(0, 64 - headLength));
            headLength += Math.min(chunk.length, 64 - headLength);
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(temp));
      } catch (e) {
        rmSync(temp, { force: true });
        throw e;
      }
      const sha256 = hash.digest('hex');
      const target = pathOf(sha256);
      if (existsSync(target)) rmSync(temp);
      else {
        mkdirSync(join(objects, sha256.slice(0, 2)), { recursive: true });
        renameSync(temp, target);
      }
      return { sha256, size, head: new Uint8Array(Buffer.concat(headParts)) };
    },
    open: (sha256) => createReadStream(pathOf(sha256)),
    has: (sha256) => existsSync(pathOf(sha256)),
  };
}
