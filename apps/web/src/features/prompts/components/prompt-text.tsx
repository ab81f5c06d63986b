/** A prompt's text as plain text, its `{{variables}}` marked so they stand out. */
export function PromptText({ text }: { text: string }) {
  const parts = text.split(/(\{\{[^{}]+?\}\})/g);
  return (
    <p className="text-[15px] leading-relaxed whitespace-pre-wrap break-words">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded bg-primary-soft px-0.5 font-medium text-primary">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </p>
  );
}
