import { describe, expect, it } from 'vitest';
import { initialWindows, windowsReducer, type WindowsState } from '../../../src/client/shell/window-manager.ts';

const viewport = { width: 1600, height: 900 };
const open = (s: WindowsState, app: string) =>
  windowsReducer(s, { type: 'open', app, size: { width: 800, height: 500 }, viewport });

describe('desktop windows', () => {
  it('opening an app opens one window and focuses it', () => {
    const s = open(initialWindows, 'Patients');
    expect(s.windows).toHaveLength(1);
    expect(s.focused).toBe(s.windows[0].id);
  });
  it('opening the focused app minimizes it', () => {
    const s = open(open(initialWindows, 'Patients'), 'Patients');
    expect(s.windows[0].minimized).toBe(true);
    expect(s.focused).toBeNull();
  });
  it('opening a minimized app restores it', () => {
    const s = open(open(open(initialWindows, 'Patients'), 'Patients'), 'Patients');
    expect(s.windows[0].minimized).toBe(false);
    expect(s.focused).toBe(s.windows[0].id);
  });
  it('opening an app in the background brings it forward without a second window', () => {
    let s = open(open(initialWindows, 'Patients'), 'Users');
    s = open(s, 'Patients');
    expect(s.windows).toHaveLength(2);
    expect(s.focused).toBe(s.windows.find((w) => w.app === 'Patients')!.id);
  });
  it('closing the focused window focuses the one below', () => {
    let s = open(open(initialWindows, 'Patients'), 'Users');
    s = windowsReducer(s, { type: 'close', id: s.focused! });
    expect(s.windows.map((w) => w.app)).toEqual(['Patients']);
    expect(s.focused).toBe(s.windows[0].id);
  });
  it('cycling moves focus to the next window and wraps', () => {
    let s = open(open(initialWindows, 'Patients'), 'Users');
    s = windowsReducer(s, { type: 'cycle', step: 1 });
    expect(s.windows.find((w) => w.id === s.focused)!.app).toBe('Patients');
  });
  it('a window never opens larger than the viewport', () => {
    const s = windowsReducer(initialWindows, {
      type: 'open',
      app: 'Big',
      size: { width: 5000, height: 5000 },
      viewport,
    });
    expect(s.windows[0].width).toBeLessThanOrEqual(viewport.width);
  });
});
