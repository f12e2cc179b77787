import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's lower layers serve every domain and so may know none of them: a domain folder is free to import
 * http, db, resources, security, storage, i18n and outbound (connections out), never the other way round. madge keeps the tree free of cycles;
 * this keeps the direction.
 */
const SERVER = resolve(import.meta.dirname, '../../dev-server');
const LOWER = ['http', 'db', 'resources', 'security', 'storage', 'i18n', 'outbound'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The server folder a relative import lands in, or undefined when it leaves the server (src/, schemas) or a package. */
function serverFolderOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const inServer = relative(SERVER, resolve(dirname(file), specifier));
  return inServer.startsWith('..') ? undefined : inServer.split('/')[0];
}

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('layers: the lower server folders import no domain folder', () => {
  it.each(LOWER)('dev-server/%s imports only lower folders', (folder) => {
    const crossings = sourceFiles(join(SERVER, folder)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((m) => ({ spec: m[1] ?? m[2], target: serverFolderOf(file, m[1] ?? m[2]) }))
        .filter((i) => i.target !== undefined && !LOWER.includes(i.target))
        .map((i) => `${relative(SERVER, file)} → ${i.spec}`),
    );
    expect(crossings).toEqual([]);
  });

  it('the check sees a crossing when there is one', () => {
    expect(serverFolderOf(join(SERVER, 'db/seed.ts'), '../claims/claim-service.ts')).toBe('claims');
    expect(serverFolderOf(join(SERVER, 'db/seed.ts'), '../../src/domain/money.ts')).toBeUndefined();
  });
});
