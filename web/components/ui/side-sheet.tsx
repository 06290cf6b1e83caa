import { Menu } from "lucide-react";
import { type ReactNode, type RefObject, Suspense, useId, useRef } from "react";
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
  ownTrigger,
  contentId: givenContentId,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  /** What the menu holds, for screen readers ('Navegação do site'). */
  description: string;
  /**
   * A button the caller draws elsewhere (the app's 'Mais' tab, web/components/bottom-tab-bar.tsx),
   * where focus returns on close; it says itself that it opens `contentId`. No 'Abrir menu' then.
   */
  ownTrigger?: RefObject<HTMLButtonElement | null>;
  contentId?: string;
  className?: string;
  children: ReactNode;
}) {
  const ownButton = useRef<HTMLButtonElement>(null);
  const trigger = ownTrigger ?? ownButton;
  const generatedId = useId();
  const contentId = givenContentId ?? generatedId;
  const hasOpened = useOpenedOnce(open);
  return (
    <>
      {ownTrigger ? null : (
        <Button
          ref={ownButton}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Abrir menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          data-state={open ? "open" : "closed"}
          onClick={() => onOpenChange(!open)}
        >
          <Menu className="size-6" strokeWidth={1.75} />
        </Button>
      )}
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
