import { useRef, useState } from "react";
import type { NotificationPreferences } from "#core/schemas/me.ts";
import { useUpdateMe, useViewer } from "#web/features/auth/auth.queries.ts";

type Key = keyof NotificationPreferences;

/**
 * Notification switches saved as they flip (optimistic). Saves run one after
 * another and always send the latest choices, so quick flips can't land out
 * of order; a failed save puts that switch back.
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

  function update(next: NotificationPreferences) {
    latest.current = next;
    setPreferences(next);
  }

  function toggle(key: Key, value: boolean) {
    update({ ...latest.current, [key]: value });
    queue.current = queue.current.then(async () => {
      try {
        await updateMe.mutateAsync({ notificationPreferences: latest.current });
        onSaved();
      } catch (error) {
        update({ ...latest.current, [key]: !value });
        onFailed(error);
      }
    });
  }

  return { preferences, toggle };
}
