import type { Actor } from '../security/actor.ts';
import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import type { ErrorCode } from '../../src/domain/errors/error-catalogue.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Refuses a new row of a person's own (a sticky note, a bookmark) past their limit. The person's row is
 * locked first, so two quick clicks cannot both pass the count.
 */
export async function withinOwnLimit({
  tx,
  actor,
  table,
  max,
  field,
  code,
}: {
  tx: Queryable;
  actor: Actor;
  table: 'sticky_notes' | 'bookmarks' | 'saved_filters';
  max: number;
  field: string;
  /** the refusal, said with the limit ({max}) */
  code: ErrorCode;
}): Promise<void> {
  await tx.query('select id from users where id = $1 for update', [actor.userId]);
  const n = Number(
    (await tx.query<{ n: string }>(`select count(*) as n from ${table} where user_id = $1`, [actor.userId])).rows[0].n,
  );
  if (n >= max) throw invalid({ [field]: [problem(code, { max })] });
}
