// The open windows and what can happen to them (document 1 §4 "Windows").
export interface ShellWindow {
  id: number;
  app: string;
  x: number;
  y: number;
  width: number;
  height: number;
  minimized: boolean;
  maximized: boolean;
  onTop: boolean;
  z: number;
}
export interface WindowsState {
  windows: ShellWindow[];
  focused: number | null;
  nextId: number;
  nextZ: number;
}

export type WindowAction =
  | { type: 'open'; app: string; size: { width: number; height: number }; viewport: { width: number; height: number } }
  | { type: 'focus'; id: number }
  | { type: 'close'; id: number }
  | { type: 'minimize'; id: number }
  | { type: 'toggleMaximize'; id: number }
  | { type: 'toggleOnTop'; id: number }
  | { type: 'move'; id: number; x: number; y: number }
  | { type: 'resize'; id: number; width: number; height: number }
  | { type: 'cycle'; step: 1 | -1 }
  | { type: 'clamp'; viewport: { width: number; height: number } };

export const initialWindows: WindowsState = { windows: [], focused: null, nextId: 1, nextZ: 1 };

const raise = (s: WindowsState, id: number): WindowsState => ({
  ...s,
  focused: id,
  nextZ: s.nextZ + 1,
  windows: s.windows.map((w) => (w.id === id ? { ...w, minimized: false, z: s.nextZ } : w)),
});

/** The topmost window still showing, which takes focus when the focused one goes away. */
const topVisible = (windows: ShellWindow[]) =>
  [...windows].filter((w) => !w.minimized).sort((a, b) => b.z - a.z)[0]?.id ?? null;

export function windowsReducer(s: WindowsState, a: WindowAction): WindowsState {
  switch (a.type) {
    case 'open': {
      const existing = s.windows.find((w) => w.app === a.app);
      // Opening a minimized app restores it; opening the focused app minimizes it; otherwise it comes forward.
      if (existing) {
        if (!existing.minimized && s.focused === existing.id)
          return windowsReducer(s, { type: 'minimize', id: existing.id });
        return raise(s, existing.id);
      }
      const width = Math.min(a.size.width, a.viewport.width - 20);
      const height = Math.min(a.size.height, a.viewport.height - 80);
      const offset = (s.windows.length % 6) * 28;
      const w: ShellWindow = {
        id: s.nextId,
        app: a.app,
        width,
        height,
        minimized: false,
        maximized: false,
        onTop: false,
        z: s.nextZ,
        x: Math.max(0, Math.round((a.viewport.width - width) / 2) - 84 + offset),
        y: Math.max(0, Math.round((a.viewport.height - height) / 2) - 60 + offset),
      };
      return { windows: [...s.windows, w], focused: w.id, nextId: s.nextId + 1, nextZ: s.nextZ + 1 };
    }
    case 'focus':
      return s.focused === a.id && !s.windows.find((w) => w.id === a.id)?.minimized ? s : raise(s, a.id);
    case 'close': {
      const windows = s.windows.filter((w) => w.id !== a.id);
      return { ...s, windows, focused: s.focused === a.id ? topVisible(windows) : s.focused };
    }
    case 'minimize': {
      const windows = s.windows.map((w) => (w.id === a.id ? { ...w, minimized: true } : w));
      return { ...s, windows, focused: s.focused === a.id ? topVisible(windows) : s.focused };
    }
    case 'toggleMaximize':
      return {
        ...raise(s, a.id),
        windows: raise(s, a.id).windows.map((w) => (w.id === a.id ? { ...w, maximized: !w.maximized } : w)),
      };
    case 'toggleOnTop':
      return { ...s, windows: s.windows.map((w) => (w.id === a.id ? { ...w, onTop: !w.onTop } : w)) };
    case 'move':
      return { ...s, windows: s.windows.map((w) => (w.id === a.id ? { ...w, x: a.x, y: Math.max(0, a.y) } : w)) };
    case 'resize':
      return {
        ...s,
        windows: s.windows.map((w) =>
          w.id === a.id ? { ...w, width: Math.max(260, a.width), height: Math.max(140, a.height) } : w,
        ),
      };
    case 'cycle': {
      const order = [...s.windows].sort((x, y) => x.id - y.id);
      if (!order.length) return s;
      const i = order.findIndex((w) => w.id === s.focused);
      const next = order[(i + a.step + order.length) % order.length];
      return raise(s, next.id);
    }
    case 'clamp': {
      // The viewport shrank: keep every title bar reachable.
      return {
        ...s,
        windows: s.windows.map((w) => ({
          ...w,
          x: Math.min(w.x, Math.max(0, a.viewport.width - 120)),
          y: Math.min(w.y, Math.max(0, a.viewport.height - 100)),
        })),
      };
    }
  }
}
