import { Pause, Play, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { durationMinutes } from "#core/exercises.ts";
import { Button } from "#web/components/ui/button.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

function format(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** A countdown for the exercise's duration: start, pause, start over. */
export function ExerciseTimer({ duration }: { duration: string }) {
  const total = Math.round((durationMinutes(duration) ?? 5) * 60);
  const [left, setLeft] = useState(total);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (left === 0) setRunning(false);
  }, [left]);

  const done = left === 0;
  return (
    <div className="space-y-3 rounded-lg bg-surface-2 p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-3xl font-semibold tabular-nums" aria-label={`Tempo restante: ${format(left)}`} role="timer">
          {format(left)}
        </p>
        <div className="flex gap-2">
          <Button variant={running ? "secondary" : "primary"} onClick={() => setRunning(!running)} disabled={done}>
            {running ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
            {running ? "Pausar" : left === total ? "Iniciar" : "Continuar"}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Recomeçar o tempo"
            onClick={() => {
              setRunning(false);
              setLeft(total);
            }}
          >
            <RotateCcw className="size-4" />
          </Button>
        </div>
      </div>
      <ProgressBar value={((total - left) / total) * 100} label="Progresso do tempo" />
      <p className="text-sm text-muted" aria-live="polite">
        {done
          ? "Tempo concluído. Respire fundo e perceba como você está agora."
          : "Vá no seu ritmo; pode pausar quando quiser."}
      </p>
    </div>
  );
}
