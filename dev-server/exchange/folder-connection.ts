import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { ConnectionError, SET_ASIDE_FOLDER, type ClearingHouseConnection, type RemoteFile } from './connection.ts';

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
 * A pair of folders on the server's disk (a mounted share, or a directory a person copies files in
 * and out of by hand). Files are written under a temporary name and renamed, so a reader never sees
 * half of one.
 */
export function folderConnection(outbound: string, inbound: string | null, root: string): ClearingHouseConnection {
  const out = folderUnder(root, outbound);
  const inb = inbound ? folderUnder(root, inbound) : null;
  const inboundDir = () => {
    if (!inb) throw new ConnectionError('This account has no inbound folder.');
    return inb;
  };
  return {
    label: `folder:${outbound}`,
    async put(name, bytes) {
      await mkdir(out, { recursive: true });
      const part = join(out, `.${name}.part`);
      await writeFile(part, bytes);
      await rename(part, join(out, name));
    },
    hasOutbound: async (name) => (await stat(join(out, name)).catch(() => null))?.isFile() ?? false,
    async listInbound(): Promise<RemoteFile[]> {
      const dir = inboundDir();
      await mkdir(dir, { recursive: true });
      const names = (await readdir(dir, { withFileTypes: true }))
        .filter((d) => d.isFile() && !d.name.startsWith('.'))
        .map((d) => d.name)
        .sort();
      return Promise.all(names.map(async (name) => ({ name, size: (await stat(join(dir, name))).size })));
    },
    get: (name) => readFile(join(inboundDir(), name)),
    remove: (name) => rm(join(inboundDir(), name), { force: true }),
    async setAside(name) {
      const aside = join(inboundDir(), SET_ASIDE_FOLDER);
      await mkdir(aside, { recursive: true });
      await rename(join(inboundDir(), name), join(aside, name));
    },
    async close() {},
  };
}
