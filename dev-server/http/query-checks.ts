import { problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateToIso, type IsoDate } from '../../src/domain/formats.ts';

/** A list query's problems by parameter, collected so that one refusal names every one at fault. */
export type QueryProblems = Record<string, FieldProblem[]>;

/** Notes one parameter's problem (a parameter keeps its first). */
export const note = (problems: QueryProblems, key: string, p: FieldProblem) => {
  problems[key] ??= [p];
};

/** ?page alone (a list whose page size is its own): 1 when not asked. */
export function checkPageNumber(q: Record<string, unknown>, problems: QueryProblems, lastPage = 10_000_000) {
  const page = q.page === undefined || q.page === '' ? 1 : Number(q.page);
  if (!Number.isSafeInteger(page) || page < 1 || page > lastPage)
    note(problems, 'page', problem('page_positive_integer'));
  return page;
}

/**
 * ?page and ?itemsPerPage as every list reads them: numbers within bounds, each one at fault noted by its
 * own key. The numbers answered are only good when nothing was noted.
 */
export function checkPage(
  q: Record<string, unknown>,
  problems: QueryProblems,
  { perPage: byDefault, max, lastPage = 10_000_000 }: { perPage: number; max: number; lastPage?: number },
) {
  const page = checkPageNumber(q, problems, lastPage);
  const perPage = q.itemsPerPage === undefined || q.itemsPerPage === '' ? byDefault : Number(q.itemsPerPage);
  if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > max)
    note(problems, 'itemsPerPage', problem('items_per_page_between', { max }));
  return { page, perPage };
}

/** ?sortBy: one of the columns the list may be sorted by. */
export function checkSort(sortBy: string, sortable: readonly string[], problems: QueryProblems) {
  if (!sortable.includes(sortBy)) note(problems, 'sortBy', problem('list_cannot_be_sorted_by', { field: sortBy }));
  return sortBy;
}

/** A date parameter as people type it (mm/dd/yyyy), answered as the domain keeps it; absent or empty: undefined. */
export function checkUsDate(q: Record<string, unknown>, key: string, problems: QueryProblems): IsoDate | undefined {
  const v = typeof q[key] === 'string' ? q[key].trim() : q[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' && isUsDate(v)) return usDateToIso(v);
  note(problems, key, problem('date_mm_dd_yyyy'));
  return undefined;
}

/** ?ids=1,2,3 (the records a screen names by reference), at most `max`; undefined when not asked or refused (noted). */
export function checkIds(q: Record<string, unknown>, problems: QueryProblems, max: number): number[] | undefined {
  if (q.ids === undefined) return undefined;
  const ids = String(q.ids).split(',').filter(Boolean);
  if (ids.length && ids.length <= max && ids.every((x) => /^\d{1,15}$/.test(x))) return ids.map(Number);
  note(problems, 'ids', problem('ids_comma_list'));
  return undefined;
}

/** A period asked by two dates (either may be absent): each a date, the first not after the second. */
export function checkPeriod(q: Record<string, unknown>, problems: QueryProblems, [fromKey, toKey] = ['from', 'to']) {
  const from = checkUsDate(q, fromKey, problems);
  const to = checkUsDate(q, toKey, problems);
  if (from && to && from > to) note(problems, toKey, problem('date_range_incorrect'));
  return { from, to };
}
