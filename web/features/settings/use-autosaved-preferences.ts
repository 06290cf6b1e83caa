import { useRef, useState } from "react";
import { useUpdateMe, useViewer } from "#web/lib/session.ts";

/** The switches; the reminder schedule is saved by its own form. */
type Key = "email" | "push" | "reminders" | "updates";

/**
 * Notification switches saved as they flip (optimistic). Saves run one after
 * another and send only the switch that flipped (the server keeps the rest,
 * such as the reminder schedule saved meanwhile), so quick flips can't land
 * out of order; a failed save puts that switch back.
 */
export function useAutosavedPreferences({
  onSaved,
  onFailed,
}: {
  onSaved: () => void;
  onFailed: (error: unknown) => void;
}) {
  const viewer = useViewer();
  const updateMe = useUpdateMe();
  const [preferences, setPreferences] = useState(viewer.notificationPreferences);
  const latest = useRef(viewer.notificationPreferences);
  const queue = useRef<Promise<void>>(Promise.resolve());

  function update(next: typeof latest.current) {
    latest.current = next;
    setPreferences(next);
  }

  function toggle(key: Key, value: boolean) {
    update({ ...latest.current, [key]: value });
    queue.current = queue.current.then(async () => {
      try {
        await updateMe.mutateAsync({ notificationPreferences: { [key]: value } });
        onSaved();
      } catch (error) {
        update({ ...latest.current, [key]: !value });
        onFailed(error);
      }
    });
  }

  return { preferences, toggle };
}
