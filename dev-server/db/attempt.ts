import type { Queryable } from './database.ts';
import { DomainError, type FieldProblem } from '../../src/domain/errors/domain-error.ts';

/**
 * fn inside a savepoint of the caller's transaction: what it wrote stays when it succeeds, and is undone alone when
 * the product refuses it (a domain error with its fields' problems), answered as those problems so the caller's
 * transaction goes on (one claim of a file refused, the file's others imported). Any other failure stops the caller.
 */
export async function attempt<T>(
  tx: Queryable,
  fn: () => Promise<T>,
): Promise<{ done: T } | { refused: Record<string, FieldProblem[]> }> {
  await tx.query('savepoint attempt');
  try {
    const done = await fn();
    await tx.query('release savepoint attempt');
    return { done };
  } catch (e) {
    // Undone, then let go: a file of thousands of refusals leaves no savepoints behind.
    await tx.query('rollback to savepoint attempt');
    await tx.query('release savepoint attempt');
    if (e instanceof DomainError && Object.keys(e.fields).length) return { refused: e.fields };
    throw e;
  }
}
