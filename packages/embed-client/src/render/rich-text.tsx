import { hasRichText, parseRichText, type RichNode } from '@forms-engine/schema/text';
import type { ComponentChildren } from 'preact';

/**
 * Prompts, consent labels and statement bodies in the safe Markdown subset, as Preact elements:
 * user text is never handed to `innerHTML`, and links (https: and mailto: only, checked by the
 * parser) open in a new tab without access to this page.
 */
export function RichText({ text }: { text: string }) {
  if (!hasRichText(text)) return <>{text}</>;
  return <>{renderNodes(parseRichText(text))}</>;
}

function renderNodes(nodes: RichNode[]): ComponentChildren[] {
  return nodes.map((node) => {
    if (node.type === 'text') return node.text;
    if (node.type === 'break') return <br />;
    if (node.type === 'strong') return <strong>{renderNodes(node.children)}</strong>;
    if (node.type === 'em') return <em>{renderNodes(node.children)}</em>;
    return (
      <a class="fe-link" href={node.href} target="_blank" rel="noopener noreferrer">
        {renderNodes(node.children)}
      </a>
    );
  });
}
