import { Dumbbell, Flame, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { countOf, formatNumber, formatXp } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { levelProgress } from "#core/xp.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useProgress } from "./progress.queries.ts";

function Tile({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="space-y-3" role="group" aria-label={label}>
      <p className="flex items-center gap-2 text-sm font-medium text-muted">
        {icon} {label}
      </p>
      {children}
    </Card>
  );
}

export function ProgressTiles() {
  const progress = useProgress();
  return (
    <QueryPanel
      query={progress}
      errorMessage={loadFailed("seu progresso")}
      loading={
        <div className="grid gap-4 md:grid-cols-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      }
    >
      {(data) => {
        const level = levelProgress(data.xp);
        return (
          <div className="grid gap-4 md:grid-cols-3">
            <Tile label="Nível e XP" icon={<Sparkles aria-hidden className="size-4 text-accent" />}>
              <p className="text-3xl font-semibold">Nível {data.level}</p>
              <ProgressBar value={level.percent} label="Progresso até o próximo nível" tone="accent" />
              <p className="text-sm text-muted">
                {formatXp(data.xp)} · faltam {formatNumber(level.nextLevelAt - data.xp)} para o nível {data.level + 1}
              </p>
            </Tile>
            <Tile label="Exercícios concluídos" icon={<Dumbbell aria-hidden className="size-4 text-primary" />}>
              <p className="text-3xl font-semibold">{formatNumber(data.exercisesCompleted)}</p>
              <p className="text-sm text-muted">
                {data.exercisesCompleted === 0 ? "Que tal começar por um exercício rápido?" : "Cada pausa conta."}
              </p>
            </Tile>
            <Tile label="Sequência de check-ins" icon={<Flame aria-hidden className="size-4 text-accent" />}>
              <p className="text-3xl font-semibold">{countOf(data.streak, "dia", "dias")}</p>
              <p className="text-sm text-muted">
                {data.streak === 0
                  ? "Seu próximo check-in começa uma nova sequência."
                  : "Dias seguidos cuidando de você."}
              </p>
            </Tile>
          </div>
        );
      }}
    </QueryPanel>
  );
}
