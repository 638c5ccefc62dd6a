import type { Quota } from '@forms-engine/schema';
import { type Definition, type RuleContext, resolveRules } from '@forms-engine/schema/rules';

/**
 * The quotas a response counts for, in list order: each quota's rule evaluated by the shared rule
 * engine on the pinned version's definition, as the embed evaluates its rules (a hidden question's
 * answer reads as empty, an unanswered one as the operators say; the same code, not a copy).
 */
export function matchingQuotas(quotas: readonly Quota[], definition: Definition, context: RuleContext): Quota[] {
  if (quotas.length === 0) return [];
  const state = resolveRules(definition, context);
  return quotas.filter((quota) => state.holds({ mode: 'CONDITIONAL', rule: quota.rule }));
}
