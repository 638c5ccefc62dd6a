import {
  type Definition,
  type RuleContext,
  type RuleState,
  resolveRules,
  type Screen,
  screensOf,
  type Tab,
} from '@forms-engine/schema/rules';

/** Where the respondent is, and what the rules make of the answers there. Pure helpers over the rule engine. */
export interface ScreenView {
  rules: RuleState;
  screens: Screen[];
  /** Screens whose step is visible, in order. */
  visible: Screen[];
  current: Screen;
  /** 0-based place of the current screen among the visible ones. */
  index: number;
  tabs: Tab[];
  activeTab: Tab | null;
  previous: Screen | undefined;
  next: Screen | undefined;
}

export function viewOf(
  definition: Definition,
  context: RuleContext,
  stepId: string | null,
  tabId: string | null,
): ScreenView {
  const rules = resolveRules(definition, context);
  const screens = screensOf(definition);
  const isShown = (screen: Screen) => !screen.step || rules.isStepVisible(screen.step);
  const visible = screens.filter(isShown);
  const current = screens.find((screen) => screen.id === stepId) ?? visible[0] ?? (screens[0] as Screen);
  const at = screens.indexOf(current);
  const tabs = current.tabs.filter((tab) => rules.isTabVisible(tab));
  return {
    rules,
    screens,
    visible,
    current,
    index: Math.max(0, visible.indexOf(current)),
    tabs,
    activeTab: tabs.find((tab) => tab.id === tabId) ?? tabs[0] ?? null,
    previous: screens.slice(0, at).reverse().find(isShown),
    next: screens.slice(at + 1).find(isShown),
  };
}

/** The first visible screen, or the saved one when it still exists and is visible. */
export function startingScreen(
  definition: Definition,
  context: RuleContext,
  saved: string | null | undefined,
): string | null {
  const view = viewOf(definition, context, null, null);
  const savedScreen = view.visible.find((screen) => screen.id === saved);
  return (savedScreen ?? view.visible[0] ?? view.current).id;
}
