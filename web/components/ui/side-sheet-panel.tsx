import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { cn } from "#web/lib/cn.ts";

export type SideSheetPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  /** What the menu holds, for screen readers ('Navegação do site'). */
  description: string;
  /** The 'Abrir menu' button, where focus returns on close. */
  trigger: RefObject<HTMLButtonElement | null>;
  contentId: string;
  className?: string;
  children: ReactNode;
};

/**
 * The drawer of <SideSheet> (side-sheet.tsx), loaded when it first opens: an
 * overlay and a panel sliding from one side. A Radix dialog, so focus stays
 * inside and Esc closes.
 */
export function SideSheetPanel({
  open,
  onOpenChange,
  side,
  description,
  trigger,
  contentId,
  className,
  children,
}: SideSheetPanelProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <RadixDialog.Content
          id={contentId}
          // Opened by our own button, not a Radix Trigger: focus goes back to it by hand.
          onCloseAutoFocus={(event) => {
            if (trigger.current?.isConnected) {
              event.preventDefault();
              trigger.current.focus();
            }
          }}
          className={cn(
            "fixed inset-y-0 z-50 w-72 max-w-[85vw] bg-surface shadow-raised md:hidden",
            side === "left" ? "left-0" : "right-0",
            className,
          )}
        >
          <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
