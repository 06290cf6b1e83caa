import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "#web/lib/cn.ts";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where focus goes on close when what opened the dialog is gone (a deleted item, another page's link). */
  fallbackFocus?: () => HTMLElement | null | undefined;
};

/** The Radix dialog behind <Dialog> (dialog.tsx), loaded when a dialog first opens. */
export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  fallbackFocus,
}: DialogProps) {
  // Opened from code (no Trigger), so Radix has nothing to return focus to: remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected && opener.current !== document.body ? opener.current : null;
            const next = target ?? fallbackFocus?.();
            if (next) {
              event.preventDefault();
              next.focus();
            }
          }}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2",
            "overflow-y-auto rounded-xl border border-border bg-surface p-6 shadow-raised",
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="-m-2 rounded-md p-2 text-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Fechar"
            >
              <X className="size-5" strokeWidth={1.75} />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
