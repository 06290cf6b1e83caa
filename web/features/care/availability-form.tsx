import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Availability } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Select } from "#web/components/ui/field.tsx";
import { useSaveAvailability } from "./care.queries.ts";
import { errorText, minutesToTime, timeToMinutes, weekdayNames } from "./care-format.ts";

type Row = { weekday: number; start: string; end: string };

/** The weekly agenda in Brasília time; slots are computed from it, never stored one by one. */
export function AvailabilityForm({ availability }: { availability: Availability }) {
  const [rows, setRows] = useState<Row[]>(
    availability.windows.map((window) => ({
      weekday: window.weekday,
      start: minutesToTime(window.startMinute),
      end: minutesToTime(window.endMinute),
    })),
  );
  const [sessionMinutes, setSessionMinutes] = useState(String(availability.sessionMinutes));
  const [bufferMinutes, setBufferMinutes] = useState(String(availability.bufferMinutes));
  const [videoUrl, setVideoUrl] = useState(availability.videoUrl ?? "");
  const [replyHours, setReplyHours] = useState(String(availability.replyHours));
  const save = useSaveAvailability();
  const update = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            windows: rows.map((row) => ({
              weekday: row.weekday,
              startMinute: timeToMinutes(row.start),
              endMinute: timeToMinutes(row.end),
            })),
            sessionMinutes: Number(sessionMinutes),
            bufferMinutes: Number(bufferMinutes),
            videoUrl: videoUrl.trim() || null,
            replyHours: Number(replyHours),
          },
          {
            onSuccess: () => toast.success("Agenda salva."),
            onError: (error) => toast.error(errorText(error, "Não foi possível salvar a agenda.")),
          },
        );
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Horários da semana (Brasília)</legend>
        {rows.length === 0 ? <p className="text-sm text-muted">Nenhum horário ainda: adicione o primeiro.</p> : null}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
          <div key={index} className="flex flex-wrap items-end gap-2">
            <Field id={`dia-${index}`} label="Dia" className="min-w-32 flex-1">
              <Select
                id={`dia-${index}`}
                value={row.weekday}
                onChange={(event) => update(index, { weekday: Number(event.target.value) })}
              >
                {weekdayNames.map((name, weekday) => (
                  <option key={name} value={weekday}>
                    {name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`inicio-${index}`} label="Início" className="w-36">
              <Input
                id={`inicio-${index}`}
                type="time"
                value={row.start}
                onChange={(event) => update(index, { start: event.target.value })}
              />
            </Field>
            <Field id={`fim-${index}`} label="Fim" className="w-36">
              <Input
                id={`fim-${index}`}
                type="time"
                value={row.end}
                onChange={(event) => update(index, { end: event.target.value })}
              />
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remover ${weekdayNames[row.weekday]} ${row.start}–${row.end}`}
              onClick={() => setRows(rows.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setRows([...rows, { weekday: 1, start: "09:00", end: "12:00" }])}
        >
          <Plus aria-hidden className="size-4" /> Adicionar horário
        </Button>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="duracao" label="Duração da sessão (min)">
          <Input
            id="duracao"
            type="number"
            min={20}
            max={180}
            value={sessionMinutes}
            onChange={(e) => setSessionMinutes(e.target.value)}
          />
        </Field>
        <Field id="intervalo" label="Intervalo entre sessões (min)">
          <Input
            id="intervalo"
            type="number"
            min={0}
            max={60}
            value={bufferMinutes}
            onChange={(e) => setBufferMinutes(e.target.value)}
          />
        </Field>
        <Field id="resposta" label="Responde mensagens em até (horas)">
          <Input
            id="resposta"
            type="number"
            min={1}
            max={168}
            value={replyHours}
            onChange={(e) => setReplyHours(e.target.value)}
          />
        </Field>
      </div>
      <Field
        id="sala"
        label="Link da sala de vídeo"
        hint="Da plataforma declarada no e-Psi. Aparece só para você e a pessoa, 15 minutos antes."
      >
        <Input
          id="sala"
          type="url"
          placeholder="https://"
          value={videoUrl}
          onChange={(e) => setVideoUrl(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Salvando..." : "Salvar agenda"}
      </Button>
    </form>
  );
}
