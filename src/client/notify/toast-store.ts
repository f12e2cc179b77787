// Toasts as document 1 §8 and §9 say: success, warning or error; 2500 ms; at most 3; newest on top;
// one per type at a time (a new one of a type replaces the old one of that type).
export type ToastType = 'success' | 'warning' | 'error';
export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  lines: string[];
}

export const TOAST_MS = 2500;
export const MAX_TOASTS = 3;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(t: Toast[]) => void>();
const emit = () => listeners.forEach((l) => l(toasts));

export function showToast(type: ToastType, title: string, lines: string[] = []) {
  const toast = { id: nextId++, type, title, lines };
  toasts = [toast, ...toasts.filter((t) => t.type !== type)].slice(0, MAX_TOASTS);
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(l: (t: Toast[]) => void) {
  listeners.add(l);
  l(toasts);
  return () => {
    listeners.delete(l);
  };
}

/** The error payload as the catalogue lists it: each message of each field, else the message, else a generic text. */
export function errorLines(error: unknown): string[] {
  const e = error as { errors?: Record<string, string[]>; message?: string } | string | undefined;
  if (typeof e === 'string') return [e];
  if (e?.errors && Object.keys(e.errors).length) return Object.values(e.errors).flat();
  if (e?.message) return [e.message];
  return [];
}
