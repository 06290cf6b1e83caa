import { CloudUpload } from "lucide-react";
import { useEffect, useRef } from "react";
import { checkInMessages } from "#core/check-in-messages.ts";
import { type Mood, moodLabels } from "#core/mood.ts";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { cn } from "#web/lib/cn.ts";

/** Today's check-in made offline, kept on this device until the connection returns (docs/decisions/027). */
export function QueuedCheckIn({ mood, notes, takeFocus }: { mood: Mood; notes: string | null; takeFocus: boolean }) {
  const { icon: Icon, text } = moodVisuals[mood];
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) box.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      className="space-y-3 rounded-lg border border-warning/40 bg-warning-soft p-4 outline-offset-2"
    >
      <p className="flex items-center gap-2 font-medium">
        <CloudUpload aria-hidden className="size-5 shrink-0 text-warning" /> Check-in guardado neste aparelho
      </p>
      <p className="flex items-center gap-2 text-sm">
        <Icon aria-hidden className={cn("size-5", text)} /> Você respondeu: <strong>{moodLabels[mood]}</strong>
      </p>
      {notes ? <p className="whitespace-pre-wrap text-sm text-muted wrap-anywhere">“{notes}”</p> : null}
      <p className="text-sm">{checkInMessages.offlineCheckInQueued}, com a hora em que você o fez.</p>
    </div>
  );
}
