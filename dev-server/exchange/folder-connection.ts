import { lstat, mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import {
  ConnectionError,
  oldestFirst,
  SET_ASIDE_FOLDER,
  type ClearingHouseConnection,
  type RemoteFile,
} from './connection.ts';

/** Where local folder connections live: nothing outside it can be named by an account. */
export const exchangeRoot = () =>
  resolve(process.env.EXCHANGE_DIR ?? join(process.env.DATA_DIR ?? './data', 'exchange'));

/**
 * A billing company's own part of the exchange root (EXCHANGE_DIR/<billing company id>): its
 * accounts' folders are read inside it, so no setting of one billing company reaches another's files.
 */
export const billingCompanyExchangeRoot = (billingCompanyId: number) => join(exchangeRoot(), String(billingCompanyId));

/** A folder of an account, inside the exchange root whatever it says (the schema refuses "..", this is the second lock). */
export function folderUnder(root: string, folder: string): string {
  const full = resolve(root, folder.replace(/^\/+/, ''));
  if (full !== root && !full.startsWith(root + sep))
    throw new ConnectionError(`The folder ${folder} is outside the exchange directory.`);
  return full;
}

/**
 * The folder as the disk has it, made if missing: its real path (every link on the way followed) must still be inside
 * the billing company's real root, so a link planted in the exchange directory (to another billing company's folder,
 * to /etc) leads nowhere.
 */
async function realFolderUnder(root: string, folder: string, named: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const [realRoot, real] = await Promise.all([realpath(root), realpath(folder)]);
  if (real !== realRoot && !real.startsWith(realRoot + sep))
    throw new ConnectionError(`The folder ${named} is outside the exchange directory.`);
  return real;
}

/** A file of the folder, never a link: a link in an inbound folder is not a file the clearing house left. */
async function plainFile(path: string): Promise<string> {
  if (!(await lstat(path)).isFile()) throw new ConnectionError('A file of this account is a link, not a file.');
  return path;
}

/**
 * A pair of folders on the server's disk (a mounted share, or a directory a person copies files in
 * and out of by hand). Files are written under a temporary name and renamed, so a reader never sees
 * half of one.
 */
export function folderConnection(outbound: string, inbound: string | null, root: string): ClearingHouseConnection {
  const outPath = folderUnder(root, outbound);
  const inPath = inbound ? folderUnder(root, inbound) : null;
  const outDir = () => realFolderUnder(root, outPath, outbound);
  const inboundDir = () => {
    if (!inPath) throw new ConnectionError('This account has no inbound folder.');
    return realFolderUnder(root, inPath, inbound!);
  };
  return {
    label: `folder:${outbound}`,
    async put(name, bytes) {
      const out = await outDir();
      const part = join(out, `.${name}.part`);
      // wx: a link planted under the part's name is not written through.
      await writeFile(part, bytes, { flag: 'wx' }).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
        await rm(part, { force: true });
        await writeFile(part, bytes, { flag: 'wx' });
      });
      await rename(part, join(out, name));
    },
    hasOutbound: async (name) => (await lstat(join(await outDir(), name)).catch(() => null))?.isFile() ?? false,
    async listInbound(): Promise<RemoteFile[]> {
      const dir = await inboundDir();
      const names = (await readdir(dir, { withFileTypes: true }))
        .filter((d) => d.isFile() && !d.name.startsWith('.'))
        .map((d) => d.name);
      const files = await Promise.all(
        names.map(async (name) => {
          const st = await stat(join(dir, name));
          return { name, size: st.size, modifiedAt: st.mtimeMs };
        }),
      );
      return files.sort(oldestFirst);
    },
    get: async (name) => readFile(await plainFile(join(await inboundDir(), name))),
    remove: async (name) => rm(join(await inboundDir(), name), { force: true }),
    async setAside(name) {
      const dir = await inboundDir();
      const aside = await realFolderUnder(dir, join(dir, SET_ASIDE_FOLDER), SET_ASIDE_FOLDER);
      await rename(join(dir, name), join(aside, name));
    },
    async close() {},
  };
}
