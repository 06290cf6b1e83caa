import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Eye, Flame, Lock, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { checkInMessages } from "#core/check-in-messages.ts";
import { hasCurrentConsent } from "#core/consent.ts";
import { localDay } from "#core/dates.ts";
import { messages } from "#core/messages.ts";
import { energyLabels, isLevel, type Level, type Mood, moodLabels, stressLabels } from "#core/mood.ts";
import {
  type CheckIn,
  type CheckInAward,
  type CheckInInput,
  checkInInputSchema,
  type TodayCheckIn,
} from "#core/schemas/check-ins.ts";
import { checkInAwardText, streakFreezeText } from "#core/streak.ts";
import { ConsentPrompt } from "#web/components/consent-prompt.tsx";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Label, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";
import { useViewer } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { useCreateCheckIn, useTodayCheckIn } from "./check-ins.queries.ts";
import { LevelPicker } from "./level-picker.tsx";
import { MoodPicker } from "./mood-picker.tsx";
import { useQueueCheckIn, useQueuedCheckIns } from "./offline-check-ins.ts";
import { QueuedCheckIn } from "./queued-check-in.tsx";
import { SupportCard } from "./support-card.tsx";

const NOTES_MAX = 2000;

/** Today's check-in: the mood form, what the person answered today, or the consent it needs first. */
export function CheckInForm() {
  const today = useTodayCheckIn();
  const me = useViewer();
  // The form disappears once sent: focus moves to the confirmation that replaces it, not to the page's top.
  const [justSent, setJustSent] = useState(false);
  // Made offline today and not sent yet (docs/decisions/027): shown instead of the form.
  const queued = useQueuedCheckIns(me.id).data?.findLast(
    (entry) => localDay(new Date(entry.madeAt), me.timezone) === localDay(new Date(), me.timezone),
  );
  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <CardTitle>Como você está hoje?</CardTitle>
        <CardDescription>Leva menos de um minuto. Não existe resposta certa.</CardDescription>
      </div>
      {queued ? (
        <QueuedCheckIn mood={queued.mood as Mood} notes={queued.notes} takeFocus={justSent} />
      ) : (
        <QueryPanel query={today} errorMessage="Erro ao verificar check-ins existentes">
          {({ checkIn, award, streakFreeze, lowPattern }) =>
            checkIn ? (
              <>
                <DoneToday checkIn={checkIn} award={award} takeFocus={justSent} />
                <StreakFreezeNote freeze={streakFreeze} />
                {/* After the check-in, the private card when the member's own pattern calls for it (docs/decisions/023). */}
                <SupportCard lowPattern={lowPattern} />
              </>
            ) : hasCurrentConsent(me.wellbeingConsent) ? (
              <>
                <StreakFreezeNote freeze={streakFreeze} />
                <MoodForm award={award} onSent={() => setJustSent(true)} />
              </>
            ) : (
              <ConsentPrompt intro="Para registrar como você está, o Sereno precisa do seu consentimento para tratar dados de bem-estar. Sem ele, nada novo é registrado; seu histórico continua aqui, visível só para você." />
            )
          }
        </QueryPanel>
      )}
      <Link
        to="/o-que-sua-empresa-ve"
        className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <Eye aria-hidden className="size-4" /> O que sua empresa vê
      </Link>
    </Card>
  );
}

/** The streak freeze (docs/decisions/023): '1 proteção de sequência', or that it covered yesterday; nothing without one. */
function StreakFreezeNote({ freeze }: { freeze: TodayCheckIn["streakFreeze"] }) {
  const text = streakFreezeText(freeze);
  if (!text) return null;
  return (
    <p className="flex items-center gap-2 rounded-md bg-surface-2 px-3 py-2 text-sm text-fg">
      <ShieldCheck aria-hidden className="size-4 shrink-0 text-primary" strokeWidth={1.75} />
      <span>{text}</span>
    </p>
  );
}

function DoneToday({ checkIn, award, takeFocus }: { checkIn: CheckIn; award: CheckInAward; takeFocus: boolean }) {
  const mood = checkIn.mood as Mood;
  const { icon: Icon, text } = moodVisuals[mood];
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) box.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={box} tabIndex={-1} role="status" className="space-y-3 rounded-lg bg-success-soft p-4 outline-offset-2">
      <p className="flex items-center gap-2 font-medium">
        <CircleCheck aria-hidden className="size-5 text-success" /> Check-in de hoje feito! {checkInAwardText(award)}
      </p>
      <p className="flex items-center gap-2 text-sm">
        <Icon aria-hidden className={cn("size-5", text)} /> Você respondeu: <strong>{moodLabels[mood]}</strong>
      </p>
      {isLevel(checkIn.energy) || isLevel(checkIn.stress) ? (
        <p className="text-sm">
          {isLevel(checkIn.energy) ? (
            <>
              Energia: <strong>{energyLabels[checkIn.energy]}</strong>
            </>
          ) : null}
          {isLevel(checkIn.energy) && isLevel(checkIn.stress) ? " · " : null}
          {isLevel(checkIn.stress) ? (
            <>
              Estresse: <strong>{stressLabels[checkIn.stress]}</strong>
            </>
          ) : null}
        </p>
      ) : null}
      {checkIn.notes ? <p className="whitespace-pre-wrap text-sm text-muted wrap-anywhere">“{checkIn.notes}”</p> : null}
      <p className="text-sm text-muted">
        {award.streakDays > 1 ? `${award.streakDays} dias seguidos! ` : null}
        Volte amanhã para o próximo. Cada dia conta para a sua sequência.
      </p>
    </div>
  );
}

/** What the pickers hold before a tap: nothing; the schema asks for a mood and lets energy and stress be skipped. */
type MoodValues = { mood: Mood | null; energy: Level | null; stress: Level | null; notes: string };

// An empty note is none; then the schema the server checks the check-in with.
const moodFormSchema = z
  .custom<MoodValues>()
  .transform(
    (values): z.input<typeof checkInInputSchema> => ({
      ...values,
      mood: values.mood ?? 0,
      notes: values.notes.trim() || null,
    }),
  )
  .pipe(checkInInputSchema);

function MoodForm({ award, onSent }: { award: CheckInAward; onSent: () => void }) {
  const create = useCreateCheckIn();
  const queue = useQueueCheckIn(useViewer().id);
  const queryClient = useQueryClient();
  const form = useForm<MoodValues, unknown, CheckInInput>({
    resolver: zodResolver(moodFormSchema),
    defaultValues: { mood: null, energy: null, stress: null, notes: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [mood, energy, stress, notes] = form.watch(["mood", "energy", "stress", "notes"]);
  const choose = (name: "mood" | "energy" | "stress") => (value: number | null) =>
    form.setValue(name, value as Mood | null, { shouldValidate: form.formState.isSubmitted });

  /** No connection: kept on this device and sent when it returns, with this moment (docs/decisions/027). */
  async function keepForLater(input: CheckInInput) {
    try {
      await queue.mutateAsync({
        mood: input.mood,
        notes: input.notes ?? null,
        energy: input.energy ?? null,
        stress: input.stress ?? null,
      });
      toast.info(checkInMessages.offlineCheckInQueued);
      onSent();
    } catch {
      form.setError("root", { message: messages.networkError });
    }
  }

  const onSubmit = form.handleSubmit(async (input) => {
    if (!navigator.onLine) return keepForLater(input);
    try {
      const result = await create.mutateAsync(input);
      toast.success(result.message);
      onSent();
    } catch (caught) {
      // Consent revoked elsewhere (another tab): read the viewer again, and the consent prompt takes over.
      if (caught instanceof ApiError && caught.code === "CONSENT_REQUIRED") {
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
      if (caught instanceof ApiError && caught.isNetwork) await keepForLater(input);
      else
        form.setError("root", {
          message: caught instanceof ApiError && caught.status < 500 ? caught.message : checkInMessages.checkInFailed,
        });
    }
  });

  // The pickers and the note are checked by the same schema; what it refuses is said here, in the spec's words.
  const error = errors.mood?.message ?? errors.energy?.message ?? errors.stress?.message ?? errors.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <MoodPicker value={mood} onChange={choose("mood")} />
      <div className="grid gap-4">
        <LevelPicker
          id="check-in-energy"
          label="Energia"
          labels={energyLabels}
          value={energy}
          onChange={choose("energy")}
        />
        <LevelPicker
          id="check-in-stress"
          label="Estresse"
          labels={stressLabels}
          value={stress}
          onChange={choose("stress")}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="check-in-notes">Quer anotar algo? (opcional)</Label>
        <Textarea
          id="check-in-notes"
          maxLength={NOTES_MAX}
          placeholder="Como foi seu dia, o que está pesando, o que te fez bem…"
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? "check-in-notes-error" : "check-in-notes-hint"}
          {...form.register("notes")}
        />
        <p id="check-in-notes-hint" className="flex justify-between gap-2 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <Lock aria-hidden className="size-3.5" /> Só você vê suas anotações.
          </span>
          <span>
            {notes.length}/{NOTES_MAX}
          </span>
        </p>
        {errors.notes?.message ? (
          <p id="check-in-notes-error" role="alert" className="text-sm text-danger">
            {errors.notes.message}
          </p>
        ) : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="space-y-3">
        {/* The award before submitting (docs/decisions/023): the same numbers the server will give. */}
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Flame aria-hidden className="size-4 shrink-0 text-accent" />
          <span>
            Hoje: <strong className="font-semibold text-fg">{checkInAwardText(award)}</strong>
            {award.streakBonus > 0 ? ` (${award.streakDays}º dia seguido)` : null}
          </span>
        </p>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!mood || isSubmitting}>
          {isSubmitting ? "Registrando..." : `Fazer check-in (+${award.total} XP)`}
        </Button>
      </div>
    </form>
  );
}
