import { Suspense } from "react";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { useOpenedOnce } from "#web/lib/use-opened-once.ts";
import type { ConfirmDialogProps } from "./confirm-dialog-panel.tsx";

/** Nothing to show when the dialog's module cannot load (the service worker keeps it for offline use). */
const Unavailable = () => null;

const ConfirmDialogPanel = lazyNamed(
  () => import("./confirm-dialog-panel.tsx").then((module) => module.ConfirmDialogPanel),
  Unavailable,
);

/**
 * A destructive confirmation (LOOK: dialogs for destructive confirmations).
 * Its Radix parts load when it first opens, not with the page (dialog.tsx).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const hasOpened = useOpenedOnce(props.open);
  return hasOpened ? (
    <Suspense fallback={null}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  ) : null;
}
