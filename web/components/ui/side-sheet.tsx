import { Menu } from "lucide-react";
import { type ReactNode, Suspense, useId, useRef } from "react";
import { cn } from "#web/lib/cn.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { useOpenedOnce } from "#web/lib/use-opened-once.ts";
import { Button } from "./button.tsx";

/** Nothing to show when the drawer's module cannot load (the service worker keeps it for offline use). */
const Unavailable = () => null;

const SideSheetPanel = lazyNamed(
  () => import("./side-sheet-panel.tsx").then((module) => module.SideSheetPanel),
  Unavailable,
);

/**
 * The menu drawer of small screens (docs/look.md 'Layout': a drawer under 768 px),
 * for the app and the public site alike: its 'Abrir menu' button, and the
 * drawer itself, whose Radix dialog loads when it first opens, not with every
 * page (side-sheet-panel.tsx; issue 37). The button says what Radix's Trigger
 * would: a dialog, open or not, and which.
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
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const hasOpened = useOpenedOnce(open);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className={cn("md:hidden", triggerClassName)}
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
        onClick={() => onOpenChange(!open)}
      >
        <Menu className="size-6" strokeWidth={1.75} />
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <SideSheetPanel
            open={open}
            onOpenChange={onOpenChange}
            side={side}
            description={description}
            trigger={trigger}
            contentId={contentId}
            className={className}
          >
            {children}
          </SideSheetPanel>
        </Suspense>
      ) : null}
    </>
  );
}
