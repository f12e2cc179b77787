import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Database } from '../db/database.ts';
import { log } from '../http/server-log.ts';
import { billingCompanyExchangeRoot, exchangeRoot, folderUnder } from './folder-connection.ts';

/**
 * Folder connections used to be read from EXCHANGE_DIR itself, where one billing company's settings
 * could name another's folders. Each billing company now has a root of its own (EXCHANGE_DIR/<id>). On
 * start, a folder an account names that still sits at the old place is moved under its billing
 * company's root, so files waiting there are not lost; a folder two billing companies both named stays
 * where it is (whose it is cannot be told) and the log says so.
 */
export async function moveLegacyExchangeFolders(db: Database): Promise<number> {
  const r = await db.query<{ folder: string; owners: string[] }>(
    `select folder, array_agg(distinct billing_company_id::text) as owners
       from (select billing_company_id, outbound_folder as folder from clearing_house_accounts where connection = 'folder'
             union select billing_company_id, inbound_folder from clearing_house_accounts where connection = 'folder') f
      where folder is not null group by folder`,
  );
  const root = exchangeRoot();
  let moved = 0;
  for (const { folder, owners } of r.rows) {
    let from: string;
    let to: string;
    try {
      from = folderUnder(root, folder);
      to = folderUnder(billingCompanyExchangeRoot(Number(owners[0])), folder);
    } catch {
      continue;
    }
    if (!existsSync(from) || existsSync(to)) continue;
    if (owners.length > 1) {
      log.warn(
        { folder, billing_companies: owners },
        'exchange folder named by several billing companies left in place',
      );
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
    log.info({ folder, billing_company_id: Number(owners[0]) }, 'exchange folder moved under its billing company');
    moved += 1;
  }
  return moved;
}
