/** What an enlargement shows, in words: the same sentence under the printed enlargement and the workspace's Close-up. */

export interface WordsSubject {
  /** "1st #5". */
  tag: string;
  name: string;
  /** Behind the one before ("+0.001 s"); '' for the first. */
  margin: string;
}

/** "the decisive finish: 1st #5 Kyle Marsh, 2nd #17 Chris Bellamy (+0.001 s)". */
export function closeupWho(subjects: readonly WordsSubject[], decisive: boolean): string {
  const who = subjects.map((s, i) => `${s.tag} ${s.name}`.trim() + (i > 0 && s.margin ? ` (${s.margin})` : '')).join(', ');
  return `${decisive ? 'the decisive finish' : 'a close finish'}: ${who}`;
}

/**
 * How many times each column is repeated across, in words; '' where columns are as wide as rows are tall. Said
 * plainly: such a picture is not in true proportions, and the equal resolutions a PDF reader reports for the
 * embedded (already repeated) pixels do not show it.
 */
export function columnRepeatWords(columnRepeat: number): string {
  return columnRepeat > 1
    ? `stretched ${columnRepeat}× across, not in true proportions: each column repeated ${columnRepeat} times, since the camera took few columns across these bodies`
    : '';
}

/** Why there is no enlargement to show: too few hairlines, or none close enough for one to show more than the overview. */
export function noCloseupWords(hairlines: number): string {
  return hairlines < 2
    ? 'Place two hairlines to see the close-up of their finish.'
    : 'No finish close enough to enlarge: the winner is too far ahead for one enlargement to show both bodies larger than the photo-finish image does, and no other finishers are within a few columns of each other.';
}
