import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where uploaded and generated files live; local directory by default, swappable for object storage. */
export interface FileStorage { save(key: string, data: Buffer, contentType: string): Promise<string> }

const EXT: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/jpg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp', 'image/svg+xml': '.svg' };

export function localFileStorage(root: string): FileStorage {
  return {
    async save(key, data, contentType) {
      const name = key + (EXT[contentType] ?? '');
      const path = join(root, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, data);
      return `files/${name}`;
    },
  };
}
