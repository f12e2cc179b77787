import { storeOf } from '../resources/store-of.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import { nowOf } from '../db/as-of.ts';
import type { Database, Queryable } from '../db/database.ts';

export type ExchangeResult =
  | 'sent'
  | 'send_failed'
  | 'applied'
  | 'duplicate'
  | 'era_received'
  | 'claim_file_received'
  | 'unreadable'
  | 'set_aside';

export interface ExchangeEntry {
  billingCompanyId: number;
  accountId: number | null;
  batchId?: number | null;
  fileId: number | null;
  direction: 'in' | 'out';
  kind: string;
  name: string;
  size: number;
  result: ExchangeResult;
  message: string;
  claimsAccepted?: number;
  claimsRejected?: number;
  findings?: object[];
}

/** One row of the files exchanged (written through the store, so it is tenant-checked and audited like any record). */
export async function logExchange(
  ctx: { db: Database; entities: Entity[] },
  tx: Queryable,
  actor: Actor,
  e: ExchangeEntry,
): Promise<number> {
  const store = storeOf(ctx, actor, 'exchange-file');
  const row = await store.create(
    {
      billing_company_id: e.billingCompanyId,
      exchanged_at: nowOf(ctx.db).toISOString(),
      direction: e.direction,
      clearing_house_account_id: e.accountId ?? undefined,
      batch_id: e.batchId ?? undefined,
      file_id: e.fileId ?? undefined,
      kind: e.kind,
      name: e.name.slice(0, 255),
      size: e.size,
      result: e.result,
      message: e.message.slice(0, 4000),
      claims_accepted: e.claimsAccepted,
      claims_rejected: e.claimsRejected,
      findings: e.findings?.length ? e.findings : undefined,
    },
    { tx },
  );
  return row.id;
}
