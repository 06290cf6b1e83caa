import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Theme } from "#core/schemas/me.ts";
import { useMe, useUpdateMe } from "#web/lib/session.ts";
import { applyTheme, currentTheme, storedTheme, subscribeTheme } from "#web/lib/theme.ts";

/**
 * The current theme and a setter that persists it locally and, when signed
 * in, to the profile (spec 4; docs/decisions/002). Every component reading it
 * follows the same source: the `dark` class on <html>.
 */
export function useTheme() {
  const me = useMe();
  const updateMe = useUpdateMe();
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => "light" as Theme);
  const profileTheme = me.data?.themePreference;

  useEffect(() => {
    // Without a local choice, the profile's choice wins over the system's.
    if (profileTheme && !storedTheme()) applyTheme(profileTheme, { persist: false });
  }, [profileTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      applyTheme(next, { persist: true });
      if (me.data) updateMe.mutate({ themePreference: next });
    },
    [me.data, updateMe],
  );

  return { theme, setTheme };
}
