import { Lock, Wind } from "lucide-react";
import { MOODS, moodLabels } from "#core/mood.ts";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { cn } from "#web/lib/cn.ts";

// The app's own mood scale (icons, colours, labels), so the landing shows what people will use.
const moods = MOODS.map((mood) => ({
  Icon: moodVisuals[mood].icon,
  label: moodLabels[mood],
  tone: moodVisuals[mood].text,
}));

// Classes, not style props: a prerendered style="" attribute is refused by the CSP (docs/decisions/018).
const weekBars = ["h-[62%]", "h-[70%]", "h-[58%]", "h-[74%]", "h-[80%]", "h-[72%]", "h-[78%]"];

/**
 * A decorative glimpse of the product for the landing hero, drawn with markup
 * and tokens (no screenshot, no external image). Hidden from assistive tech:
 * the hero text already says the same thing.
 */
export function HeroPreview({ className }: { className?: string }) {
  return (
    <div aria-hidden className={cn("relative mx-auto w-full max-w-md select-none", className)}>
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-linear-to-br from-primary-soft via-surface-2 to-accent-soft opacity-80 blur-2xl" />

      <div className="rounded-xl border border-border bg-surface p-5 shadow-raised">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium text-muted">Check-in de hoje</p>
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-fg">+50 XP</span>
        </div>
        <p className="mt-2 text-lg font-semibold">Como você está hoje?</p>
        <div className="mt-4 grid grid-cols-5 gap-1.5">
          {moods.map(({ Icon, label, tone }) => (
            <div
              key={label}
              className={cn(
                "flex flex-col items-center gap-1 rounded-lg border px-1 py-2 text-center",
                label === "Bom" ? "border-primary bg-primary-soft" : "border-border",
              )}
            >
              <Icon className={cn("size-6", tone)} strokeWidth={1.75} />
              <span className="text-[0.65rem] leading-tight text-muted">{label}</span>
            </div>
          ))}
        </div>
      </div>

      <div className="mt-4 grid grid-cols-5 gap-4">
        <div className="col-span-2 flex flex-col items-center justify-center gap-3 rounded-xl border border-border bg-surface p-4 shadow-soft">
          <div className="relative flex size-16 items-center justify-center">
            <span className="absolute inset-0 animate-breathe rounded-full bg-primary-soft" />
            <Wind className="relative size-6 text-primary" strokeWidth={1.75} />
          </div>
          <p className="text-center text-xs font-medium">
            Respiração
            <br />
            <span className="text-muted">5 min</span>
          </p>
        </div>

        <div className="col-span-3 rounded-xl border border-border bg-surface p-4 shadow-soft">
          <p className="text-xs font-medium text-muted">Equipe · últimos 7 dias</p>
          <p className="mt-1 text-2xl font-semibold text-primary">
            72% <span className="text-xs font-normal text-muted">humor médio</span>
          </p>
          <div className="mt-3 flex h-14 items-end gap-1.5">
            {weekBars.map((height, day) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, decorative week
                key={day}
                className={cn("flex-1 rounded-t-sm bg-primary/70", height)}
              />
            ))}
          </div>
          <p className="mt-3 flex items-center gap-1.5 text-[0.7rem] text-muted">
            <Lock className="size-3.5 shrink-0" strokeWidth={1.75} /> Dados agregados e anônimos
          </p>
        </div>
      </div>
    </div>
  );
}
