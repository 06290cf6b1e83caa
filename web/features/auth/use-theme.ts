import { useCallback, useEffect, useState } from "react";
import type { Theme } from "#core/schemas/me.ts";
import { applyTheme, storedTheme, systemTheme } from "#web/lib/theme.ts";
import { useMe, useUpdateMe } from "./auth.queries.ts";

/**
 * The current theme and a setter that persists it locally and, when signed
 * in, to the profile (spec 4). Local choice > profile > system.
 */
export function useTheme() {
  const me = useMe();
  const updateMe = useUpdateMe();
  const [theme, setThemeState] = useState<Theme>("light");

  useEffect(() => {
    const initial = storedTheme() ?? me.data?.themePreference ?? systemTheme();
    setThemeState(initial);
    applyTheme(initial, { persist: false });
  }, [me.data?.themePreference]);

  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      applyTheme(next, { persist: true });
      if (me.data && !me.data.profileIncomplete) updateMe.mutate({ themePreference: next });
    },
    [me.data, updateMe],
  );

  return { theme, setTheme };
}
