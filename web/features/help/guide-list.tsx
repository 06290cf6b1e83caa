import { Lightbulb } from "lucide-react";
import type { HelpGuide } from "./help-content.ts";
import { HelpDisclosure } from "./help-disclosure.tsx";
import { HelpSteps } from "./help-steps.tsx";

export function GuideList({ guides, isSearching }: { guides: HelpGuide[]; isSearching: boolean }) {
  return (
    <ul className="flex flex-col gap-3">
      {guides.map((guide) => {
        const Icon = guide.icon;
        return (
          <li key={guide.id}>
            <HelpDisclosure
              isOpen={isSearching}
              summary={
                <span className="flex items-center gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <Icon aria-hidden className="size-5" strokeWidth={1.75} />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium">{guide.title}</span>
                    <span className="block text-sm text-muted">{guide.summary}</span>
                  </span>
                </span>
              }
            >
              <HelpSteps steps={guide.steps} />
              {guide.tip ? (
                <p className="mt-4 flex gap-2 rounded-md bg-surface-2 p-3 text-muted">
                  <Lightbulb aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" strokeWidth={1.75} />
                  {guide.tip}
                </p>
              ) : null}
            </HelpDisclosure>
          </li>
        );
      })}
    </ul>
  );
}
