import { Suspense } from "react";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { useOpenedOnce } from "#web/lib/use-opened-once.ts";
import type { DialogProps } from "./dialog-panel.tsx";

/** Nothing to show when the dialog's module cannot load (the service worker keeps it for offline use). */
const Unavailable = () => null;

const DialogPanel = lazyNamed(() => import("./dialog-panel.tsx").then((module) => module.DialogPanel), Unavailable);

/**
 * A dialog opened from code (no Trigger). Its Radix parts (focus trap, scroll
 * lock, about 9 KB compressed with the confirmation's) load when a dialog
 * first opens, not with the page (issue 37, scripts/js-budget.mjs).
 */
export function Dialog(props: DialogProps) {
  const hasOpened = useOpenedOnce(props.open);
  return hasOpened ? (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  ) : null;
}
