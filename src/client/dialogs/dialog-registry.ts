import type { ComponentType } from 'react';
import { lazyPreload } from '../app/lazy-preload.ts';

/** What a record command's dialog gets: the record, the call it makes, and how to finish. */
export interface CommandDialogProps {
  record: Record<string, unknown> & { id: number };
  /** the API path of the command (the record's id filled in) and its method */
  path: string;
  method: string;
  title: string;
  /** closes the dialog; saved: the record as the server answered after the command */
  onClose(saved?: Record<string, unknown>): void;
}

const dialogs = new Map<string, ReturnType<typeof lazyPreload<CommandDialogProps>>>();

/**
 * A hand-written dialog a schema's command names (x-resource.commands[].dialog): the discharge
 * checklist of an admission. Each registers itself from a *.dialogs.ts file; loaded when first opened.
 */
export function registerDialog(key: string, load: () => Promise<{ default: ComponentType<CommandDialogProps> }>): void {
  if (dialogs.has(key)) throw new Error(`Two dialogs register "${key}"`);
  dialogs.set(key, lazyPreload(load));
}

export const registeredDialog = (key: string) => dialogs.get(key);
