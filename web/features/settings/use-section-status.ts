import { useCallback, useEffect, useState } from "react";

/** Spec 4 and 9: the settings success message disappears after 3 s. */
const SUCCESS_VISIBLE_MS = 3000;

export type SectionStatusValue = { tone: "success" | "error"; text: string } | null;

/**
 * The one inline message a settings section shows: a success that goes away
 * by itself, or an error that stays until the next attempt.
 */
export function useSectionStatus() {
  const [status, setStatus] = useState<SectionStatusValue>(null);

  useEffect(() => {
    if (status?.tone !== "success") return;
    const timer = setTimeout(() => setStatus(null), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  // A fresh object each time, so a second success in a row restarts the 3 s.
  const succeed = useCallback((text: string) => setStatus({ tone: "success", text }), []);
  const fail = useCallback((text: string) => setStatus({ tone: "error", text }), []);
  const clear = useCallback(() => setStatus(null), []);

  return { status, succeed, fail, clear };
}
