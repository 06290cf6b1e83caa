import { Moon, Palette, Sun } from "lucide-react";
import type { Theme } from "#core/schemas/me.ts";
import { cn } from "#web/lib/cn.ts";
import { useTheme } from "#web/lib/use-theme.ts";
import { SettingsSection } from "./settings-section.tsx";

const options: Array<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: "light", label: "Claro", icon: Sun },
  { value: "dark", label: "Escuro", icon: Moon },
];

/** Spec 4: light or dark, applied at once and kept locally and in the profile. */
export function ThemeSection() {
  const { theme, setTheme } = useTheme();

  return (
    <SettingsSection
      id="tema"
      icon={Palette}
      title="Tema"
      description="Escolha a aparência mais confortável para os seus olhos. Ela vale também nos seus outros aparelhos."
    >
      <fieldset className="grid grid-cols-2 gap-1 rounded-lg bg-surface-2 p-1">
        <legend className="sr-only">Tema do Sereno</legend>
        {options.map(({ value, label, icon: Icon }) => {
          const isActive = theme === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={isActive}
              onClick={() => setTheme(value)}
              className={cn(
                "flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors",
                isActive ? "bg-surface text-fg shadow-soft ring-1 ring-border" : "text-muted hover:text-fg",
              )}
            >
              <Icon aria-hidden className={cn("size-5", isActive && "text-primary")} strokeWidth={1.75} />
              {label}
            </button>
          );
        })}
      </fieldset>
    </SettingsSection>
  );
}
