import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { loadFailed } from "#core/messages.ts";
import type { Report } from "#core/schemas/reports.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ChartWithheld } from "./chart-withheld.tsx";

/** What each chart's drawing is given: the report's days and the tooltip's line for a day. */
export type DrawingProps = { series: Report["series"]; detailFor: (day: string) => string };

/** In a drawing's place when its module cannot load: the figure's summary and 'Ver dados' still tell it. */
export function DrawingUnavailable(_props: DrawingProps) {
  return <ChartWithheld>{loadFailed("o desenho deste gráfico")}. Os números estão em “Ver dados”.</ChartWithheld>;
}

/** How far below the screen a chart starts loading, so a scrolling reader rarely sees the placeholder. */
const LOAD_AHEAD = "400px 0px";

/**
 * A chart's drawing, rendered when its box comes near the screen (or the page
 * is printed): the drawings are lazy modules with the charts library
 * (recharts, about 97 KB compressed), which a first load of /reports no
 * longer fetches (issue 37; docs/decisions/021). Until then, and while the
 * module loads, a placeholder fills the same fixed box, so nothing moves when
 * the drawing arrives. The figure's caption, spoken summary and data table
 * (chart-figure.tsx) do not wait for it.
 */
export function DeferredDrawing({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (isNear || !element) return;
    const show = () => setNear(true);
    // Printing before scrolling draws every chart (the browser prints what is there once they load).
    window.addEventListener("beforeprint", show);
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && show(), {
            rootMargin: LOAD_AHEAD,
          });
    if (observer) observer.observe(element);
    else show();
    return () => {
      window.removeEventListener("beforeprint", show);
      observer?.disconnect();
    };
  }, [isNear]);
  const placeholder = <Skeleton className="size-full" />;
  return (
    <div ref={box} className="size-full" data-drawing={isNear ? "shown" : "waiting"}>
      {isNear ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
