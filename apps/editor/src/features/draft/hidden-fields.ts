import type { Condition, Definition, HiddenField, RuleConfig } from '@forms-engine/schema';
import { conditionsWhere, updateConditions } from './codes.ts';
import { updateAt } from './model.ts';
import { dropTokens, renameTokens, textsRecalling } from './recall.ts';

/**
 * The draft's hidden fields as pure edits: declare, label, rename (the rules and tokens reading a
 * key follow it) and remove (after saying what uses it, the rules' conditions and tokens go too).
 */

/** A key the hidden fields and the questions do not use yet: `field_1`, `field_2`, ... */
export function freeHiddenKey(definition: Definition, codes: ReadonlySet<string>): string {
  const keys = new Set((definition.hiddenFields ?? []).map((field) => field.key));
  for (let n = 1; ; n++) {
    const key = `field_${n}`;
    if (!keys.has(key) && !codes.has(key)) return key;
  }
}

export function addHiddenField(definition: Definition, key: string): Definition {
  return { ...definition, hiddenFields: [...(definition.hiddenFields ?? []), { key }] };
}

export function setHiddenLabel(definition: Definition, index: number, label: string): Definition {
  const hiddenFields = (definition.hiddenFields ?? []).map((field, i) => {
    if (i !== index) return field;
    const next: HiddenField = { key: field.key };
    if (label) next.label = label;
    return next;
  });
  return { ...definition, hiddenFields };
}

const readsKey = (key: string) => (condition: Condition) =>
  condition.source === 'HIDDEN_FIELD' && condition.key === key;

/** What uses a hidden field: the rules' conditions reading it and the texts recalling it. */
export function hiddenFieldUses(definition: Definition, key: string): { conditions: number; texts: number } {
  return {
    conditions: conditionsWhere(definition, readsKey(key)).length,
    texts: textsRecalling(definition, 'HIDDEN_FIELD', key),
  };
}

/** "1 rule condition reads it and 2 texts recall it", or undefined when nothing uses it. */
export function usesInWords(uses: { conditions: number; texts: number }): string | undefined {
  const parts: string[] = [];
  if (uses.conditions > 0)
    parts.push(uses.conditions === 1 ? 'a rule condition reads it' : `${uses.conditions} rule conditions read it`);
  if (uses.texts > 0) parts.push(uses.texts === 1 ? 'a text recalls it' : `${uses.texts} texts recall it`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * Sets a hidden field's key. The conditions and tokens naming `from` (its key before this run of
 * typing) follow when the new key is one a token can name and no other hidden field has it;
 * returns the definition and the name they now follow.
 */
export function setHiddenKey(
  definition: Definition,
  index: number,
  key: string,
  from: string,
): { definition: Definition; follows: string } {
  const fields = definition.hiddenFields ?? [];
  const renamed = {
    ...definition,
    hiddenFields: fields.map((field, i) => (i === index ? { ...field, key } : field)),
  };
  const taken = fields.some((field, i) => i !== index && field.key === key);
  if (!KEY.test(key) || taken || key === from) return { definition: renamed, follows: from };
  const withRules = updateConditions(renamed, conditionsWhere(renamed, readsKey(from)), (condition) => ({
    ...condition,
    key,
  }));
  return { definition: renameTokens(withRules, 'HIDDEN_FIELD', from, key), follows: key };
}

/** A rule without conditions reads as its default again: always shown, or optional. */
function withoutConditions(config: RuleConfig, rule: 'visibility' | 'requirement', key: string): RuleConfig {
  if (config.mode !== 'CONDITIONAL' || !config.rule) return config;
  const conditions = config.rule.conditions.filter((condition) => !readsKey(key)(condition));
  if (conditions.length === config.rule.conditions.length) return config;
  if (conditions.length === 0) return { mode: rule === 'visibility' ? 'ALWAYS' : 'NEVER' };
  return { ...config, rule: { ...config.rule, conditions } };
}

/**
 * Removes a hidden field. With `update`, the conditions reading it go (a rule left with none is
 * its default again) and its tokens give way to their fallback text; without, they stay and the
 * draft's problems name them.
 */
export function removeHiddenField(definition: Definition, index: number, update: boolean): Definition {
  const field = definition.hiddenFields?.[index];
  if (!field) return definition;
  const rest = (definition.hiddenFields ?? []).filter((_, i) => i !== index);
  let next: Definition = { ...definition, hiddenFields: rest };
  if (rest.length === 0) {
    const { hiddenFields: _gone, ...without } = next;
    next = without as Definition;
  }
  if (!update) return next;
  const elements = new Map<string, Set<'visibility' | 'requirement'>>();
  for (const ref of conditionsWhere(next, readsKey(field.key))) {
    elements.set(ref.element, (elements.get(ref.element) ?? new Set()).add(ref.rule));
  }
  for (const [element, rules] of elements) {
    for (const rule of rules) {
      next = updateAt(next, `${element}.${rule}`, (config) => withoutConditions(config as RuleConfig, rule, field.key));
    }
  }
  return dropTokens(next, 'HIDDEN_FIELD', field.key);
}
