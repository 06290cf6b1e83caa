import { useState } from "react";

/** True from the first render where `open` is true on: a lazily loaded dialog mounts then and stays (to close itself). */
export function useOpenedOnce(open: boolean): boolean {
  const [hasOpened, setOpened] = useState(open);
  if (open && !hasOpened) setOpened(true);
  return hasOpened || open;
}
