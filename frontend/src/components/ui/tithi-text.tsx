import { Fragment } from 'react';
import { breakableTithiName } from '@/lib/tithi';

/** One word that keeps to itself on its line, and narrows to its column when it alone is wider. */
const WORD = { display: 'inline-block', maxWidth: '100%' } as const;

/**
 * A tithi's name ("Krishna Chaturdashi") for a narrow column: it wraps between its words first, and
 * within a word only when the word alone is wider than the column, between its syllables with a
 * hyphen ("Chatur-" / "dashi") rather than at any letter.
 */
export function TithiText({ name }: { name: string }) {
  return breakableTithiName(name)
    .split(' ')
    .map((word, i) => (
      <Fragment key={i}>
        {i > 0 ? ' ' : null}
        <span style={WORD}>{word}</span>
      </Fragment>
    ));
}
