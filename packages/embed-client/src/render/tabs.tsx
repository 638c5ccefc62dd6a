import type { AnswerError, RuleState, Tab } from '@forms-engine/schema/rules';
import type { TargetedKeyboardEvent } from 'preact';
import { useEmbed } from './context';
import { QuestionGrid } from './question';

/**
 * The tabs of a screen as an ARIA tablist: arrow keys (mirrored right-to-left), Home and
 * End move between tabs and select them. Switching tabs saves nothing.
 */
export function Tabs({
  tabs,
  active,
  rules,
  errors,
  label,
  sectionLevel,
}: {
  sectionLevel: 2 | 3;
  tabs: Tab[];
  active: Tab;
  rules: RuleState;
  errors: Record<string, AnswerError>;
  label: string;
}) {
  const { session } = useEmbed();
  const tabId = (tab: Tab) => `fe-tab-${tab.id}`;
  const panelId = (tab: Tab) => `fe-panel-${tab.id}`;
  const hasError = (tab: Tab) => tab.questions.some((question) => errors[question.code]);
  const select = (tab: Tab) => session.dispatch({ type: 'SELECT_TAB', tabId: tab.id });

  const onKeyDown = (event: TargetedKeyboardEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const at = tabs.indexOf(active);
    const rtl = getComputedStyle(list).direction === 'rtl';
    // The tab each key selects, by index: the arrows wrap around (and swap right-to-left).
    const next = at + 1;
    const previous = at - 1 + tabs.length;
    const index = {
      ArrowRight: rtl ? previous : next,
      ArrowLeft: rtl ? next : previous,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (index === undefined) return;
    event.preventDefault();
    select(tabs[index % tabs.length] as Tab);
    // The tab buttons are the list's children, in the same order.
    (list.children[index % tabs.length] as HTMLElement).focus();
  };

  return (
    <div class="fe-tabs">
      <div class="fe-tablist" role="tablist" aria-label={label || undefined} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(tab)}
            class={hasError(tab) ? 'fe-tab fe-tab-error' : 'fe-tab'}
            aria-selected={tab === active ? 'true' : 'false'}
            aria-controls={panelId(tab)}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => select(tab)}
          >
            {tab.title || tab.id}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          class="fe-tabpanel"
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== active}
        >
          {tab === active ? (
            <QuestionGrid questions={tab.questions} rules={rules} errors={errors} sectionLevel={sectionLevel} />
          ) : null}
        </div>
      ))}
    </div>
  );
}
