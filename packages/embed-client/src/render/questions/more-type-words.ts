/** The words of the matrix, ranking, NPS, date-time and time questions, and of "Other". */
export interface MoreTypeWords {
  /** The "Other (please specify)" option of a choice list, when the question names it no other way. */
  other: string;
  /** The name of the text field Other shows; `{name}`: the Other option's label. */
  otherAnswer: string;
  /** The button that ranks an item (its name is `rankItem`, with the item's label as `{name}`). */
  rank: string;
  rankItem: string;
  moveUp: string;
  moveDown: string;
  unrank: string;
  /** The two lists of a ranking question. */
  ranked: string;
  notRanked: string;
  /** How to rank, under the prompt; `rankTop` when only the top `{count}` are ranked. */
  rankingHint: string;
  rankTop: string;
  /** Said by screen readers after a move: `{name}`, `{position}`, `{total}`. */
  rankMoved: string;
  rankRemoved: string;
  /** Under the ends of an NPS scale, when the question has no labels of its own. */
  npsLow: string;
  npsHigh: string;
}

/** English; the other languages' words travel in the live document like every other word. */
export const MORE_TYPE_WORDS: MoreTypeWords = {
  other: 'Other',
  otherAnswer: 'Your answer for “{name}”',
  rank: 'Rank',
  rankItem: 'Rank {name}',
  moveUp: 'Move {name} up',
  moveDown: 'Move {name} down',
  unrank: 'Remove {name} from the ranking',
  ranked: 'Your ranking',
  notRanked: 'Not ranked yet',
  rankingHint: 'Use the Rank buttons, drag the items, or move a ranked item with the arrow keys.',
  rankTop: 'Rank your top {count}.',
  rankMoved: 'Moved {name} to position {position} of {total}.',
  rankRemoved: 'Removed {name} from the ranking.',
  npsLow: 'Not at all likely',
  npsHigh: 'Extremely likely',
};
