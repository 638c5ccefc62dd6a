import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Group, type QuestionProps } from '../field';
import { format } from '../labels';
import { useMoreWords } from '../more-words';
import { usePartStyles } from '../part-styles';
import { STYLES } from './more-styles';
import { shuffledOrder } from './on-demand-rules';

/** Where focus goes after a change: an item's button (`data-act`), else the item itself. */
interface FocusNext {
  value: string;
  act: 'up' | 'down' | 'rank' | 'remove' | 'item';
}

/**
 * Two lists: the ranking (rank 1 first) and the items not ranked yet. Three ways to rank, for
 * three kinds of people: drag an item by its grip (mouse, pen, touch), focus a ranked item and
 * move it with the arrow keys (Alt+arrows too), or press the buttons (Rank, up, down, remove).
 * Each change is announced politely ("Moved X to position 2 of 5"). The answer is the ranked
 * values; with `rankCount` only that many are ranked.
 */
export function Ranking({ question, value, onChange, required, error, ids }: QuestionProps<'RANKING'>) {
  const { words, labels, locale, shuffleSeed } = useMoreWords();
  const { choices, rankCount, shuffle } = question.typeConfig;
  const shown = shuffledOrder(choices, shuffle, `${shuffleSeed}:${question.id}`);
  const labelOf = (item: string) => choices.find((choice) => choice.value === item)?.label ?? item;
  const ranked = (Array.isArray(value) ? (value as string[]) : []).filter((item) =>
    choices.some((choice) => choice.value === item),
  );
  const unranked = shown.filter((choice) => !ranked.includes(choice.value));
  const wanted = Math.min(rankCount ?? choices.length, choices.length);
  const full = ranked.length >= wanted;
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<{ value: string; to: number } | null>(null);
  const focusNext = useRef<FocusNext | null>(null);
  const ref = usePartStyles<HTMLDivElement>(STYLES);
  const rankedList = useRef<HTMLOListElement>(null);

  useLayoutEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    const items = ref.current?.querySelectorAll<HTMLElement>('li[data-value]') ?? [];
    const item = next && [...items].find((li) => li.dataset.value === next.value);
    if (!next || !item) return;
    const button = item.querySelector<HTMLButtonElement>(`[data-act="${next.act}"]`);
    (button && !button.disabled ? button : item).focus();
  });

  /** Puts `item` at `position` (0-based) of the ranking, or out of it (`-1`). */
  const move = (item: string, position: number, focus: FocusNext['act']) => {
    const without = ranked.filter((other) => other !== item);
    if (position >= 0 && !ranked.includes(item) && full) return;
    const next = position < 0 ? without : [...without.slice(0, position), item, ...without.slice(position)];
    const name = labelOf(item);
    setAnnouncement(
      position < 0
        ? format(words.rankRemoved, { name })
        : format(words.rankMoved, { name, position: position + 1, total: wanted }, locale),
    );
    if (position < 0 || ranked.includes(item)) focusNext.current = { value: item, act: position < 0 ? 'rank' : focus };
    else {
      // Ranked with its button: on to the next item to rank, or to this one when the ranking is full.
      const after = unranked[unranked.findIndex((choice) => choice.value === item) + 1] ?? unranked.at(-2);
      const nowFull = next.length >= wanted;
      focusNext.current = after && !nowFull ? { value: after.value, act: 'rank' } : { value: item, act: 'item' };
    }
    onChange(next.length > 0 ? next : undefined);
  };

  const onItemKey = (item: string, index: number) => (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return; // the item's own buttons keep their keys
    const step = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (step) {
      event.preventDefault();
      const to = index + step;
      if (to >= 0 && to < ranked.length) move(item, to, 'item');
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      move(item, -1, 'item');
    }
  };

  /** The ranking's place under the pointer: before the first item whose middle is below it; -1 below the list. */
  const placeAt = (y: number, dragged: string): number => {
    const list = rankedList.current;
    if (!list) return -1;
    if (y > list.getBoundingClientRect().bottom + 12) return -1;
    const items = [...list.querySelectorAll<HTMLElement>('li')].filter((li) => li.dataset.value !== dragged);
    const index = items.findIndex((li) => {
      const box = li.getBoundingClientRect();
      return y < box.top + box.height / 2;
    });
    return index < 0 ? items.length : index;
  };
  // The drag as the pointer's events see it (they may come faster than the drawing), and as drawn.
  const dragging = useRef<{ value: string; to: number } | null>(null);
  const setDragging = (next: { value: string; to: number } | null) => {
    dragging.current = next;
    setDrag(next);
  };
  const grip = (item: string) => ({
    class: 'fe-rank-grip',
    'aria-hidden': 'true' as const,
    onPointerDown: (event: PointerEvent) => {
      event.preventDefault();
      (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
      setDragging({ value: item, to: ranked.indexOf(item) });
    },
    onPointerMove: (event: PointerEvent) => {
      if (dragging.current?.value === item) setDragging({ value: item, to: placeAt(event.clientY, item) });
    },
    onPointerUp: () => {
      const dropped = dragging.current;
      if (dropped?.value !== item) return;
      setDragging(null);
      if (dropped.to !== ranked.indexOf(item)) move(item, dropped.to, 'item');
    },
    onPointerCancel: () => setDragging(null),
  });
  const button = (act: FocusNext['act'], label: string, text: string, onClick: () => void, disabled = false) => (
    <button
      type="button"
      class="fe-button fe-button-small"
      data-act={act}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {text}
    </button>
  );
  const hint = [
    rankCount !== undefined && wanted < choices.length ? format(words.rankTop, { count: wanted }, locale) : '',
    words.rankingHint,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Group
      ids={ids}
      prompt={question.prompt}
      required={required}
      error={error}
      hint={
        <>
          {hint}
          {required ? <span class="fe-sr"> {labels.required}</span> : null}
        </>
      }
    >
      <div class="fe-rank-lists" ref={ref}>
        <p class="fe-sublabel" id={`${ids.control}-ranked`}>
          {words.ranked}
        </p>
        <ol class="fe-rank-list" ref={rankedList} aria-labelledby={`${ids.control}-ranked`}>
          {ranked.map((item, index) => {
            const name = labelOf(item);
            const over = drag && drag.value !== item && drag.to === index;
            return (
              <li
                key={item}
                data-value={item}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a ranked item takes the arrow keys that move it
                tabIndex={0}
                aria-describedby={ids.hint}
                class={`fe-rank-item${drag?.value === item ? ' fe-rank-dragged' : ''}${over ? ' fe-rank-over' : ''}`}
                onKeyDown={onItemKey(item, index)}
              >
                <span {...grip(item)}>⠿</span>
                <span class="fe-rank-position">{index + 1}</span>
                <span class="fe-rank-label">{name}</span>
                {button('up', format(words.moveUp, { name }), '↑', () => move(item, index - 1, 'up'), index === 0)}
                {button(
                  'down',
                  format(words.moveDown, { name }),
                  '↓',
                  () => move(item, index + 1, 'down'),
                  index === ranked.length - 1,
                )}
                {button('remove', format(words.unrank, { name }), '×', () => move(item, -1, 'item'))}
              </li>
            );
          })}
        </ol>
        {unranked.length > 0 ? (
          <>
            <p class="fe-sublabel" id={`${ids.control}-unranked`}>
              {words.notRanked}
            </p>
            <ul class="fe-rank-list" aria-labelledby={`${ids.control}-unranked`}>
              {unranked.map((choice) => (
                <li
                  key={choice.value}
                  data-value={choice.value}
                  class={`fe-rank-item${drag?.value === choice.value ? ' fe-rank-dragged' : ''}`}
                >
                  <span {...grip(choice.value)}>⠿</span>
                  <span class="fe-rank-label">{choice.label}</span>
                  {button(
                    'rank',
                    format(words.rankItem, { name: choice.label }),
                    words.rank,
                    () => move(choice.value, ranked.length, 'item'),
                    full,
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p class="fe-sr" aria-live="polite">
          {announcement}
        </p>
      </div>
    </Group>
  );
}
