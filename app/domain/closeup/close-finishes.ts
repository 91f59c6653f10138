/**
 * Which finishes get an enlargement: the decisive one (first against second) always, since it is the picture
 * everyone asks for, and every other run of finishers whose hairlines stand closer than the overview can show
 * apart. Consecutive close pairs (2nd–3rd and 3rd–4th) are one enlargement with every hairline of the run.
 * At most `max` enlargements; the others are named so the sheet can say which were left out.
 */

export interface Finisher {
  competitorId: string;
  place: number;
  /** Composite column of the hairline (fractional); null where it is not on the image (a typed time outside). */
  column: number | null;
}

export interface CloseFinish {
  /** Finishers of the run, in finishing order (at least two). */
  members: Finisher[];
  /** First against second: the finish that decides the race. */
  decisive: boolean;
}

export interface CloseFinishOptions {
  /** Hairlines fewer columns apart than this are close (the overview cannot show them apart). */
  closeColumns: number;
  max: number;
}

/** The sensible limit: beyond four the sheet would become a book of enlargements; the others are listed. */
export const MAX_ENLARGEMENTS = 4;
/** Hairlines in one enlargement: more would leave too little room for each label. */
const MAX_RUN = 5;

export function closeFinishes(finishers: readonly Finisher[], opts: CloseFinishOptions): { enlarged: CloseFinish[]; left: CloseFinish[] } {
  const onImage = finishers.filter((f) => f.column !== null).sort((a, b) => a.place - b.place);
  const runs: CloseFinish[] = [];
  let run: Finisher[] = [];
  const flush = () => {
    // A long bunch is cut into enlargements of a few hairlines each, overlapping by one so every close pair shows.
    while (run.length > MAX_RUN) {
      runs.push({ members: run.slice(0, MAX_RUN), decisive: false });
      run = run.slice(MAX_RUN - 1);
    }
    if (run.length >= 2) runs.push({ members: run, decisive: false });
    run = [];
  };
  for (let i = 1; i < onImage.length; i++) {
    const a = onImage[i - 1] as Finisher;
    const b = onImage[i] as Finisher;
    const close = Math.abs((b.column as number) - (a.column as number)) < opts.closeColumns;
    // The winner's finish is always enlarged, close or not.
    if (close || i === 1) {
      if (run.length === 0) run.push(a);
      run.push(b);
    } else {
      flush();
    }
    if (i === 1 && !close) flush();
  }
  flush();
  const first = onImage[0];
  for (const r of runs) r.decisive = r.members[0] === first;
  return { enlarged: runs.slice(0, opts.max), left: runs.slice(opts.max) };
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(place: number): string {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${['th', 'st', 'nd', 'rd'][place % 10] ?? 'th'}`;
}

/** What a hairline says on an image: place and number ("1st #5"). */
export function hairlineTag(place: number | null, competitorId: string): string {
  return place === null ? `#${competitorId}` : `${ordinal(place)} #${competitorId}`;
}
