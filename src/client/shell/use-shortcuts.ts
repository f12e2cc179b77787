import { useEffect, type Dispatch } from 'react';
import type { WindowAction, WindowsState } from './window-manager.ts';

/**
 * Window shortcuts on Alt+Shift, a chord browsers leave alone: ] and [ cycle, M minimizes, W
 * closes the active window; F focuses the search. Listed in the Shortcuts app.
 */
export const SHORTCUTS = [
  { keys: 'Alt+Shift+]', action: 'shortcut_cycle' },
  { keys: 'Alt+Shift+[', action: 'shortcut_cycle_back' },
  { keys: 'Alt+Shift+M', action: 'shortcut_minimize' },
  { keys: 'Alt+Shift+W', action: 'shortcut_close' },
  { keys: 'Alt+Shift+F', action: 'shortcut_search' },
];

export function useShortcuts(state: WindowsState, dispatch: Dispatch<WindowAction>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return;
      const code = e.code;
      const focused = state.focused;
      if (code === 'BracketRight') dispatch({ type: 'cycle', step: 1 });
      else if (code === 'BracketLeft') dispatch({ type: 'cycle', step: -1 });
      else if (code === 'KeyM' && focused !== null) dispatch({ type: 'minimize', id: focused });
      else if (code === 'KeyW' && focused !== null) dispatch({ type: 'close', id: focused });
      else if (code === 'KeyF') document.getElementById('spotlight-input')?.focus();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.focused, dispatch]);
}
