import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { HelpStep } from "./help-content.ts";

/** A guide's numbered steps; a step may end with a link to the screen it talks about. */
export function HelpSteps({ steps }: { steps: HelpStep[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step, index) => (
        <li key={step.text} className="flex gap-3">
          <span
            aria-hidden
            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
          >
            {index + 1}
          </span>
          <p className="leading-relaxed">
            {step.text}
            {step.link ? (
              <>
                {" "}
                <Link
                  to={step.link.to}
                  className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
                >
                  {step.link.label}
                  <ArrowRight aria-hidden className="size-4" strokeWidth={1.75} />
                </Link>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
