import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderConnection } from '../../dev-server/exchange/folder-connection.ts';

describe("a clearing house's inbound backlog", () => {
  it('is taken in oldest first, by when the clearing house wrote each file, whatever their names', async () => {
    const root = mkdtempSync(join(tmpdir(), 'inbound-order-'));
    mkdirSync(join(root, 'in'));
    mkdirSync(join(root, 'out'));
    const written = [
      ['zz-monday.999', '2026-11-23T08:00:00Z'],
      ['aa-wednesday.835', '2026-11-25T08:00:00Z'],
      ['mm-tuesday.277', '2026-11-24T08:00:00Z'],
    ] as const;
    for (const [name, at] of written) {
      writeFileSync(join(root, 'in', name), 'ISA*');
      utimesSync(join(root, 'in', name), new Date(at), new Date(at));
    }
    const listed = await folderConnection('out', 'in', root).listInbound();
    expect(listed.map((f) => f.name)).toEqual(['zz-monday.999', 'mm-tuesday.277', 'aa-wednesday.835']);
  });
});
