import { Menu } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";
import { Button } from "./button.tsx";

/**
 * The menu drawer of small screens (docs/look.md 'Layout': a drawer under 768 px),
 * for the app and the public site alike: its 'Abrir menu' button, an overlay, and
 * a panel sliding from one side. A Radix dialog, so focus stays inside and Esc closes.
 */
export function SideSheet({
  open,
  onOpenChange,
  side,
  description,
  triggerClassName,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  /** What the menu holds, for screen readers ('Navegação do site'). */
  description: string;
  triggerClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>
        <Button variant="ghost" size="icon" className={cn("md:hidden", triggerClassName)} aria-label="Abrir menu">
          <Menu className="size-6" strokeWidth={1.75} />
        </Button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <RadixDialog.Content
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
