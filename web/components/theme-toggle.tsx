import { Moon, Sun } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { themeToggleLabel, themeToggleTitle } from "#web/lib/static-page.ts";
import { useTheme } from "#web/lib/use-theme.ts";

/**
 * Light ⇄ dark. The icon follows the `dark` class in CSS, so the prerendered
 * public pages draw the right one before any script; there `data-theme-toggle`
 * lets web/lib/static-page.ts do what onClick does here.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const dark = theme === "dark";
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      data-theme-toggle
      onClick={() => setTheme(dark ? "light" : "dark")}
      aria-label={themeToggleLabel(dark)}
      title={themeToggleTitle(dark)}
    >
      <Sun className="hidden size-5 dark:block" strokeWidth={1.75} />
      <Moon className="size-5 dark:hidden" strokeWidth={1.75} />
    </Button>
  );
}
