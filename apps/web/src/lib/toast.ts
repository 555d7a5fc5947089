/**
 * The toast queue, framework-free so the API client and route loaders can raise toasts outside
 * React. components/ui/toaster.tsx renders it; anything else only calls `toast.*`.
 *
 *   toast.success(t('settings:saved'));
 *   toast.error(t('errors:generic.loadFailed'), { message: error.message });
 *
 * Durations follow spec 01 §9 and spec 02 §9: 5 s by default, 10 s for errors; callers pass their
 * own for the paywall and usage toasts (4, 6 and 8 s).
 */

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type ToastAction = {
  label: string;
  onClick: () => void;
};

export type ToastInput = {
  type: ToastType;
  title: string;
  message?: string | undefined;
  /** Milliseconds; defaults by type. */
  duration?: number | undefined;
  action?: ToastAction | undefined;
};

export type Toast = Required<Pick<ToastInput, 'type' | 'title' | 'duration'>> &
  Pick<ToastInput, 'message' | 'action'> & { id: string };

export const TOAST_DURATION_MS = 5_000;
export const ERROR_TOAST_DURATION_MS = 10_000;
/** More toasts than this at once is noise; the oldest leave first. */
export const MAX_TOASTS = 5;

type ToastOptions = Omit<ToastInput, 'type' | 'title'>;

let toasts: readonly Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(input: ToastInput): string {
  counter += 1;
  const id = `toast-${counter}`;
  // An error, or a toast that offers something to do, stays long enough to be read and acted on.
  const lingers = input.type === 'error' || input.action !== undefined;
  const duration = input.duration ?? (lingers ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS);
  // The same message twice in a row (three parallel requests failing alike) is shown once.
  const duplicate = toasts.find((t) => t.type === input.type && t.title === input.title && t.message === input.message);
  if (duplicate) return duplicate.id;
  toasts = [
    ...toasts,
    { id, type: input.type, title: input.title, message: input.message, action: input.action, duration },
  ].slice(-MAX_TOASTS);
  emit();
  return id;
}

export function dismissToast(id: string): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = {
  show: showToast,
  success: (title: string, options: ToastOptions = {}) => showToast({ ...options, type: 'success', title }),
  error: (title: string, options: ToastOptions = {}) => showToast({ ...options, type: 'error', title }),
  warning: (title: string, options: ToastOptions = {}) => showToast({ ...options, type: 'warning', title }),
  info: (title: string, options: ToastOptions = {}) => showToast({ ...options, type: 'info', title }),
  dismiss: dismissToast,
};
