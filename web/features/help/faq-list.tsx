import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { HelpFaq } from "./help-content.ts";
import { HelpDisclosure } from "./help-disclosure.tsx";

export function FaqList({ faqs, isSearching }: { faqs: HelpFaq[]; isSearching: boolean }) {
  return (
    <ul className="flex flex-col gap-3">
      {faqs.map((faq) => (
        <li key={faq.id}>
          <HelpDisclosure isOpen={isSearching} summary={<span className="font-medium">{faq.question}</span>}>
            <div className="flex flex-col gap-3 leading-relaxed">
              {faq.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {faq.link ? (
                <Link
                  to={faq.link.to}
                  className="inline-flex items-center gap-1 self-start font-medium text-primary underline underline-offset-4"
                >
                  {faq.link.label}
                  <ArrowRight aria-hidden className="size-4" strokeWidth={1.75} />
                </Link>
              ) : null}
            </div>
          </HelpDisclosure>
        </li>
      ))}
    </ul>
  );
}
