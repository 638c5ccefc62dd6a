/**
 * Text helpers with no dependencies, bundled by the embed and shared by the editor and the server.
 * Subpath export `@forms-engine/schema/text`.
 */
export { hasRichText, parseRichText, plainText, type RichNode } from './rich-text';
