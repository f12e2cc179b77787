import { createContext, useContext, type Dispatch } from 'react';
import type { DesktopApp } from './app-catalogue.ts';
import type { WindowAction, WindowsState } from './window-manager.ts';

export interface Shell {
  apps: DesktopApp[];
  open(app: DesktopApp): void;
  openByName(name: string): void;
  taskbars: string[];
  pinToTaskbar(name: string, pin: boolean): Promise<void>;
  dispatch: Dispatch<WindowAction>;
  state: WindowsState;
  reloadMe(): Promise<void>;
}

export const ShellContext = createContext<Shell>(null as never);
export const useShell = () => useContext(ShellContext);
