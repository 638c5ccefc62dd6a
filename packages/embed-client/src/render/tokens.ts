import type { Definition } from '@forms-engine/schema/rules';

/** Documents with a recall token somewhere, found once each: the others need no recall at all. */
const withTokens = new WeakMap<Definition, boolean>();

export function hasTokens(definition: Definition): boolean {
  let tokens = withTokens.get(definition);
  if (tokens === undefined) {
    tokens = JSON.stringify(definition).includes('{{');
    withTokens.set(definition, tokens);
  }
  return tokens;
}

/** A redirect address the embed follows or links to: `http(s):` only. */
export const httpOnly = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);
