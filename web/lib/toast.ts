import type { ExternalToast } from "sonner";

/**
 * The app's toasts. sonner (about 8 KB compressed) is not part of a page's
 * first load (issue 37, docs/decisions/021): the shell's <AppToaster> loads
 * and mounts it when the browser is idle after the first render, and a toast
 * asked for before then waits for it. Screens call `toast.success(…)` here as
 * they would sonner's. A toast is shown once sonner's <Toaster> (its live
 * region, 'Avisos') is in the page, so a screen reader hears it.
 */
type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info";

let sonner: Sonner | null = null;
let isLoading = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Starts loading sonner once; the <AppToaster> renders its Toaster when it arrives. */
export function loadToaster(): void {
  if (isLoading) return;
  isLoading = true;
  import("sonner").then(
    (module) => {
      sonner = module;
      for (const listener of listeners) listener();
    },
    () => {
      // Not loaded (offline before the service worker kept it): the next toast tries again.
      isLoading = false;
    },
  );
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const loadedToaster = (): Sonner | null => sonner;

/** Called by <AppToaster> once sonner's Toaster has mounted (and subscribed to new toasts). */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  loadToaster();
  void mounted.then(() => sonner?.toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
};
