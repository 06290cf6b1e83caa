import { Fragment, type ReactNode } from "react";

/**
 * Renders the small markdown subset of the content library (paragraphs, '## '
 * headings, '- ' lists, **bold**) as React elements: no HTML is ever injected.
 */
export function MarkdownText({ source }: { source: string }) {
  const blocks = source.trim().split(/\n{2,}/);
  return (
    <div className="space-y-4 leading-relaxed">
      {blocks.map((block, index) => {
        const key = `${index}-${block.slice(0, 12)}`;
        if (block.startsWith("## ")) {
          return (
            <h3 key={key} className="pt-2 text-lg font-semibold">
              {inline(block.slice(3))}
            </h3>
          );
        }
        const lines = block.split("\n");
        if (lines.every((line) => line.startsWith("- "))) {
          return (
            <ul key={key} className="list-disc space-y-1 pl-6">
              {lines.map((line) => (
                <li key={line}>{inline(line.slice(2))}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{inline(block)}</p>;
      })}
    </div>
  );
}

function inline(text: string): ReactNode {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, index) =>
    part.startsWith("**") && part.endsWith("**") ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <strong key={index}>{part.slice(2, -2)}</strong>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
