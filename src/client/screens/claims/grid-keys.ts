import type { KeyboardEvent } from 'react';

/**
 * Enter moves to the next cell of a grid (Tab already does); Enter on the grid's last cell asks for
 * a new row. Cells are the grid's inputs in document order, so hidden columns simply are not there.
 */
export function enterMovesOn(grid: HTMLElement | null, e: KeyboardEvent<HTMLElement>, addRow: () => void) {
  if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || !grid) return;
  const target = e.target as HTMLElement;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'BUTTON') return;
  e.preventDefault();
  const cells = [
    ...grid.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([disabled]), select:not([disabled])'),
  ];
  const at = cells.indexOf(target);
  if (at >= 0 && at < cells.length - 1) cells[at + 1].focus();
  else addRow();
}

/** Focuses the first cell of a grid's row once it is on the page. */
export function focusRow(grid: HTMLElement | null, row: number) {
  grid?.querySelector<HTMLElement>(`[data-row="${row}"] input`)?.focus();
}
