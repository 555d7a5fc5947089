/**
 * What the installable app knows about itself, as one small store the prompts read with
 * useSyncExternalStore (spec 02 §4): an update waiting, the install prompt's state, online or not.
 */

/** Chromium's install event (not in the DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** `available`: the browser offers installing; the spec's states follow it. */
export type InstallState = 'unavailable' | 'available' | 'installing' | 'installed' | 'dismissed';

export interface PwaState {
  updateWaiting: boolean;
  install: InstallState;
  online: boolean;
}

let state: PwaState = {
  updateWaiting: false,
  install: 'unavailable',
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
};
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribePwaState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;

/** Keeps the browser's install event for the app's own button (a bare prompt at load is not shown). */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    if (state.install !== 'dismissed') setPwaState({ install: 'available' });
  });
  target.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    setPwaState({ install: 'installed' });
  });
  if (target.matchMedia('(display-mode: standalone)').matches) setPwaState({ install: 'installed' });
  target.addEventListener('online', () => setPwaState({ online: true }));
  target.addEventListener('offline', () => setPwaState({ online: false }));
}

/** The app's Install button: the browser's dialog, then installed or dismissed. */
export async function promptInstall(): Promise<void> {
  const prompt = deferredPrompt;
  if (prompt === null) return;
  deferredPrompt = null;
  setPwaState({ install: 'installing' });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  // `appinstalled` follows an acceptance and sets installed; say so already.
  setPwaState({ install: outcome === 'accepted' ? 'installed' : 'dismissed' });
}

export function dismissInstall(): void {
  deferredPrompt = null;
  setPwaState({ install: 'dismissed' });
}
