/**
 * What markup a prompt, a consent text or a statement accepts (the subset in
 * `@forms-engine/schema/text`; the preview shows the result).
 */
export function RichTextHint({ id }: { id: string }) {
  return (
    <p id={id} className="muted hint">
      You can write **bold**, *italics* and links as [text](https://example.com) or [text](mailto:name@example.com). A
      new line stays a new line.
    </p>
  );
}
