import type { ReactNode } from "react";

/** The short line under a screen's title that says what the screen is for. */
export function PageIntro({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="max-w-2xl text-muted">{children}</p>
      {actions}
    </div>
  );
}
