/**
 * The hint-fix law: take a valid lane, make one of the mistakes agents make
 * in one event, and apply the edits the parser hands back. The text then
 * parses, to exactly the lane the writer meant: every pitch and duration
 * that was right stays.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { applyEdits } from './apply-edits.test-support.ts';
import { arbitraryEvent, compactTexts } from './arbitrary-document.test-support.ts';
import { type LaneEvent, laneKey } from './document.ts';
import type { ParseOptions } from './missing-header.ts';
import { parse } from './parse.ts';
import { equals, formatRational, multiply, type Rational, rational } from './rational.ts';
import { serialize, serializeEvent } from './serialize.ts';

const HEADER = 'P1 s1 v1 m1: ';

/** One mistake: the lane's text with it made in event `i`, or undefined where it cannot be made. */
type Mistake = (events: readonly string[], i: number, event: LaneEvent) => string | undefined;

/** The lane with event `i` written as `text`. */
function withEvent(events: readonly string[], i: number, text: string): string {
  return HEADER + events.map((event, index) => (index === i ? text : event)).join(' ');
}

/** A mistake made in the text of one note event, by a replacement on its pitch or duration. */
function inNote(change: (text: string, event: LaneEvent) => string | undefined): Mistake {
  return (events, i, event) => {
    if (event.kind !== 'note') return undefined;
    const changed = change(events[i]!, event);
    return changed === undefined ? undefined : withEvent(events, i, changed);
  };
}

/** A mistake made in the text of one event of any kind. */
function inEvent(change: (text: string, event: LaneEvent) => string | undefined): Mistake {
  return (events, i, event) => {
    const changed = change(events[i]!, event);
    return changed === undefined ? undefined : withEvent(events, i, changed);
  };
}

/** A mistake made in the separator after event `i`. */
function afterEvent(separator: string): Mistake {
  return (events, i) => {
    if (i === events.length - 1) return undefined;
    const before = events.slice(0, i + 1).join(' ');
    const after = events.slice(i + 1).join(' ');
    return `${HEADER}${before}${separator}${after}`;
  };
}

const pitchParts = /^([A-G])(#{1,2}|b{1,2})?(-?\d)(.*)$/;
const FULL_WIDTH = '０１２３４５６７８９';
const GERMAN: Record<string, string> = { '#': 'is', '##': 'isis', b: 'es', bb: 'eses' };
const UNICODE: Record<string, string> = { '#': '♯', '##': '𝄪', b: '♭', bb: '𝄫' };

/**
 * The decimal a duration is written as elsewhere (`0.25`), where it has one
 * of at most six digits. A denominator of 1000 or more reads as a rounded
 * decimal, whose fix is a guess without an edit, so it is left out.
 */
function asDecimal(num: number, den: number): string | undefined {
  if (den >= 1000) return undefined;
  for (let digits = 1; digits <= 6; digits++) {
    const scaled = (num * 10 ** digits) / den;
    if (Number.isInteger(scaled)) {
      const text = String(scaled).padStart(digits + 1, '0');
      return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
    }
  }
  return undefined;
}

const mistakes: Readonly<Record<string, Mistake>> = {
  'lower-case step': inNote((text) => text[0]!.toLowerCase() + text.slice(1)),
  'Unicode accidental': inNote((text) => {
    const [, step, accidental, octave, rest] = pitchParts.exec(text) ?? [];
    return accidental ? `${step}${UNICODE[accidental]}${octave}${rest}` : undefined;
  }),
  'accidental after the octave': inNote((text) => {
    const [, step, accidental, octave, rest] = pitchParts.exec(text) ?? [];
    return accidental ? `${step}${octave}${accidental}${rest}` : undefined;
  }),
  'x for a double sharp': inNote((text) => {
    const [, step, accidental, octave, rest] = pitchParts.exec(text) ?? [];
    return accidental === '##' ? `${step}x${octave}${rest}` : undefined;
  }),
  'German accidental': inNote((text) => {
    const [, step, accidental, octave, rest] = pitchParts.exec(text) ?? [];
    return accidental ? `${step}${GERMAN[accidental]}${octave}${rest}` : undefined;
  }),
  '+ for a sharp': inNote((text) => {
    const [, step, accidental, octave, rest] = pitchParts.exec(text) ?? [];
    return accidental === '#' ? `${step}+${octave}${rest}` : undefined;
  }),
  'full-width octave': inNote((text) => {
    const [, step, accidental = '', octave, rest] = pitchParts.exec(text) ?? [];
    return octave && !octave.startsWith('-')
      ? `${step}${accidental}${FULL_WIDTH[Number(octave)]}${rest}`
      : undefined;
  }),
  'octave with a leading zero': inNote((text) => {
    const [, step, accidental = '', octave, rest] = pitchParts.exec(text) ?? [];
    return octave && !octave.startsWith('-') ? `${step}${accidental}0${octave}${rest}` : undefined;
  }),
  'octave mark after the octave': inNote((text) => {
    const [, step, accidental = '', octave, rest] = pitchParts.exec(text) ?? [];
    return octave ? `${step}${accidental}${octave}'${rest}` : undefined;
  }),
  'grace mark before the pitch': inNote((text, event) =>
    event.grace ? `g${text.replace('=g', '=')}` : undefined,
  ),
  'Unicode minus before the duration': inEvent((text) => text.replace(/=(g?)/, '=$1−')),
  'decimal duration': inEvent((text, event) => {
    const decimal = asDecimal(event.duration.num, event.duration.den);
    return decimal === undefined ? undefined : text.replace(/=(g?)[^~]+/, `=$1${decimal}`);
  }),
  'dotted value written with a dot': inEvent((text, event) => {
    const { num, den } = event.duration;
    if (num !== 3 || den % 2 !== 0) return undefined;
    const undotted = den / 2 === 1 ? '1' : `1/${den / 2}`;
    return text.replace(/=(g?)[^~]+/, `=$1${undotted}.`);
  }),
  'tie before the duration': inEvent((text) =>
    text.endsWith('~') ? text.slice(0, -1).replace('=', '~=') : undefined,
  ),
  'tie doubled': inEvent((text) => (text.endsWith('~') ? `${text}~` : undefined)),
  'space before "="': inEvent((text) => text.replace('=', ' =')),
  'no "=", a space instead': inEvent((text) => text.replace('=', ' ')),
  'numerator with a leading zero': inEvent((text) => text.replace(/=(g?)/, '=$10')),
  'rest in upper case': inEvent((text, event) =>
    event.kind === 'rest' ? `R${text.slice(1)}` : undefined,
  ),
  'rest with an octave': inEvent((text, event) =>
    event.kind === 'rest' ? `r4${text.slice(1)}` : undefined,
  ),
  'rest tied': inEvent((text, event) => (event.kind === 'rest' ? `${text}~` : undefined)),
  'rest as a grace note': inEvent((text, event) =>
    event.kind === 'space' ? text.replace('=', '=g') : undefined,
  ),
  'rest inside a chord': inEvent((text, event) =>
    event.kind === 'chord' ? text.replace(')', ' r)') : undefined,
  ),
  'chord in two pairs of parentheses': inEvent((text, event) =>
    event.kind === 'chord' ? `(${text.replace(')', '))')}` : undefined,
  ),
  'duration inside a chord': inEvent((text, event) => {
    if (event.kind !== 'chord' || event.notes.some((note) => note.tie)) return undefined;
    const duration = text.slice(text.indexOf('=') + 1).replace('~', '');
    return text.replace(')', `=${duration})`);
  }),
  'tie doubled on a chord note': inEvent((text, event) =>
    event.kind === 'chord' && /~[ )]/.test(text) ? text.replace(/~([ )])/, '~~$1') : undefined,
  ),
  'first event without its duration': (events, i, event) =>
    i === 0 && !event.grace && equals(event.duration, rational(1, 4))
      ? withEvent(events, 0, events[0]!.replace('=1/4', ''))
      : undefined,
  'comma between events': afterEvent(', '),
  'comma with no space': afterEvent(','),
  'no space between events': afterEvent(''),
  'no-break space between events': afterEvent('\u00a0'),
  'comment after the events': (events) => `${HEADER}${events.join(' ')} # the melody`,
  'comment started with //': (events) => `// the melody\n${HEADER}${events.join(' ')}`,
  'header without spaces': (events) => `P1s1v1m1: ${events.join(' ')}`,
  'header fields out of order': (events) => `P1 v1 s1 m1: ${events.join(' ')}`,
  'header in the wrong case': (events) => `p1 S1 V1 m1: ${events.join(' ')}`,
  'header without its colon': (events) => `P1 s1 v1 m1 ${events.join(' ')}`,
  'measure with a leading zero': (events) => `P1 s1 v1 m01: ${events.join(' ')}`,
  'Markdown code fence': (events) => `\`\`\`lanes\n${HEADER}${events.join(' ')}\n\`\`\`\n`,
};

const mistakeNames = Object.keys(mistakes);

/** Mistakes made in an event's written duration: on an event that leaves it out they cannot be made. */
const IN_THE_DURATION = new Set([
  'Unicode minus before the duration',
  'decimal duration',
  'dotted value written with a dot',
  'tie before the duration',
  'space before "="',
  'no "=", a space instead',
  'numerator with a leading zero',
  'rest as a grace note',
  'duration inside a chord',
]);

describe('hint fixes (property)', () => {
  test.prop(
    [
      fc.array(arbitraryEvent, { minLength: 1, maxLength: 6 }),
      fc.nat(),
      fc.constantFrom(...mistakeNames),
      fc.boolean(),
    ],
    { numRuns: 1500 },
  )(
    'applying the edits of a mistake gives back the lane the writer meant',
    (events, at, name, compact) => {
      const texts = compact ? compactTexts(events) : events.map((event) => serializeEvent(event));
      const i = at % events.length;
      fc.pre(!compact || texts[i]!.includes('=') || !IN_THE_DURATION.has(name));
      const bad = mistakes[name]!(texts, i, events[i]!);
      fc.pre(bad !== undefined);
      const meant = parse(`${HEADER}${texts.join(' ')}`);
      if (!meant.ok) throw new Error(JSON.stringify(meant.issues));
      if (compact) expect(serialize(meant.document)).toBe(`${HEADER}${texts.join(' ')}\n`);

      const result = parse(bad!);
      expect(result.ok).toBe(false);
      expect(result.issues.some((issue) => issue.edit !== undefined)).toBe(true);
      const repaired = parse(applyEdits(bad!, result.issues));
      expect(repaired.issues).toEqual([]);
      if (!repaired.ok) return;
      expect(repaired.document).toEqual(meant.document);
    },
  );

  it('reads a lower-case pitch after a rest that repeats its duration as that pitch, not as a detached grace duration', () => {
    // Found by the property above: `r g0=1/4` read the g0 as the rest's duration (`g` for grace).
    const bad = `${HEADER}(Cbb0)=1/2 r g0=1/4 Cbb0`;
    const result = parse(bad);
    expect(result.issues.map((issue) => issue.code)).toEqual(['lowercase-step']);
    const repaired = parse(applyEdits(bad, result.issues));
    expect(repaired.issues).toEqual([]);
    const meant = parse(`${HEADER}(Cbb0)=1/2 r G0=1/4 Cbb0`);
    if (!repaired.ok || !meant.ok) throw new Error('both texts should parse');
    expect(repaired.document).toEqual(meant.document);
  });

  it('can make every mistake of the corpus in some event', () => {
    const samples = [
      'F#4=1/4~',
      'C##4=3/8',
      'Bb3=g1/16',
      'r=1/4',
      'x=1/2',
      '(C4~ E4 G4)=1/2',
      '(C4 E4)=1/2',
      'Ebb-1=3/2',
    ];
    const lane = parse(`${HEADER}${samples.join(' ')}`);
    if (!lane.ok) throw new Error(JSON.stringify(lane.issues));
    const events = lane.document.lanes[0]!.events;
    for (const name of mistakeNames) {
      const made = samples.some((_, i) => mistakes[name]!(samples, i, events[i]!) !== undefined);
      expect(made, name).toBe(true);
    }
  });
});

/** A mistake in the marks of event `i`: the text written, and the text meant (whose parse the fixed text must give). */
type MarkMistake = (
  events: readonly string[],
  i: number,
  event: LaneEvent,
) => { readonly bad: string; readonly meant: string } | undefined;

/** Event `i` written with `wrong` after it, where `right` was meant; only on events that take `right`. */
function markSpelled(
  wrong: string,
  right: string,
  takes: (event: LaneEvent) => boolean = (event) => !event.grace,
): MarkMistake {
  return (events, i, event) =>
    takes(event)
      ? {
          bad: withEvent(events, i, `${events[i]}${wrong}`),
          meant: withEvent(events, i, `${events[i]}${right}`),
        }
      : undefined;
}

const sounding = (event: LaneEvent) => event.kind === 'note' || event.kind === 'chord';

/** The onset of event `i` when it is the first event of the lane that takes time there. */
function onsetOf(events: readonly LaneEvent[], i: number): string | undefined {
  if (events[i]!.grace) return undefined;
  let num = 0n;
  let den = 1n;
  for (const event of events.slice(0, i)) {
    if (event.grace) continue;
    num = num * BigInt(event.duration.den) + BigInt(event.duration.num) * den;
    den *= BigInt(event.duration.den);
  }
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  const g = gcd(num, den) || 1n;
  const [n, d] = [num / g, den / g];
  if (n > 1_000_000n || d > 1_000_000n) return undefined;
  return d === 1n ? `${n}` : `${n}/${d}`;
}

const markMistakes: Readonly<Record<string, MarkMistake>> = {
  'ABC dynamic !p!': markSpelled('!p!', '\\p'),
  'ABC decoration !trill!': markSpelled('!trill!', '\\trill', sounding),
  'ABC decoration !fermata!': markSpelled('!fermata!', '\\fermata'),
  'dynamic in braces {p}': markSpelled('{p}', '\\p'),
  'misspelled name \\fermate': markSpelled('\\fermate', '\\fermata'),
  'LilyPond word \\cresc': markSpelled('\\cresc', '\\<'),
  'chord symbol in lower case "am"': markSpelled('"am"', '"Am"'),
  'chord symbol "Amin"': markSpelled('"Amin"', '"Am"'),
  'chord symbol "A-7"': markSpelled('"A-7"', '"Am7"'),
  'chord symbol "CΔ7"': markSpelled('"CΔ7"', '"Cmaj7"'),
  'chord symbol "C7(b9)"': markSpelled('"C7(b9)"', '"C7b9"'),
  'chord symbol "C+"': markSpelled('"C+"', '"Caug"'),
  'the same dynamic twice': markSpelled('\\p\\p', '\\p'),
  'staccato on a rest': (events, i, event) =>
    event.kind === 'rest'
      ? { bad: withEvent(events, i, `${events[i]}-.`), meant: withEvent(events, i, events[i]!) }
      : undefined,
  'dynamic on a grace note': (events, i, event) =>
    event.grace
      ? { bad: withEvent(events, i, `${events[i]}\\f`), meant: withEvent(events, i, events[i]!) }
      : undefined,
  'tie after the marks': (events, i, event) =>
    sounding(event) && events[i]!.endsWith('~') && !event.grace
      ? {
          bad: withEvent(events, i, `${events[i]!.slice(0, -1)}-.~`),
          meant: withEvent(events, i, `${events[i]}-.`),
        }
      : undefined,
  'unreduced metronome beat': markSpelled('\\tempo2/8=60', '\\tempo1/4=60'),
  'unclosed string at the end of the lane': (events, i, event) =>
    i === events.length - 1 && !event.grace
      ? {
          bad: withEvent(events, i, `${events[i]}^"dolce`),
          meant: withEvent(events, i, `${events[i]}^"dolce"`),
        }
      : undefined,
  '@ item where an event starts': (events, i, event) => {
    const onset = onsetOf(parseEvents(events), i);
    if (onset === undefined || event.grace) return undefined;
    return {
      bad: `${HEADER}${events.join(' ')} @${onset}\\p`,
      meant: withEvent(events, i, `${events[i]}\\p`),
    };
  },
  'ABC lyric line w:': (events) => ({
    bad: `${HEADER}${events.join(' ')}\nw: Freu-de`,
    meant: `${HEADER}${events.join(' ')}\nP1 s1 v1 m1 w1: Freu-de`,
  }),
};

/** The events of a lane's texts, as parsed. */
function parseEvents(events: readonly string[]): readonly LaneEvent[] {
  const result = parse(`${HEADER}${events.join(' ')}`);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.document.lanes[0]!.events;
}

const markMistakeNames = Object.keys(markMistakes);

describe('hint fixes of marks (property)', () => {
  test.prop(
    [
      fc.array(arbitraryEvent, { minLength: 1, maxLength: 6 }),
      fc.nat(),
      fc.constantFrom(...markMistakeNames),
      fc.boolean(),
    ],
    { numRuns: 1500 },
  )(
    'applying the edits of a mistake in marks gives back the lane meant',
    (events, at, name, compact) => {
      const texts = compact ? compactTexts(events) : events.map((event) => serializeEvent(event));
      const i = at % events.length;
      const made = markMistakes[name]!(texts, i, events[i]!);
      fc.pre(made !== undefined);
      const meant = parse(made!.meant);
      if (!meant.ok) throw new Error(`${name}: ${JSON.stringify(meant.issues)}`);

      const result = parse(made!.bad);
      expect(result.ok).toBe(false);
      expect(result.issues.some((issue) => issue.edit !== undefined)).toBe(true);
      const repaired = parse(applyEdits(made!.bad, result.issues));
      expect(repaired.issues).toEqual([]);
      if (!repaired.ok) return;
      expect(repaired.document).toEqual(meant.document);
    },
  );

  it('can make every mistake of marks in some event', () => {
    const samples = ['F#4=1/4~', 'Bb3=g1/16', 'r=1/4', '(C4 E4)=1/2', 'C4=1/4'];
    const events = parseEvents(samples);
    for (const name of markMistakeNames) {
      const made = samples.some(
        (_, i) => markMistakes[name]!(samples, i, events[i]!) !== undefined,
      );
      expect(made, name).toBe(true);
    }
  });
});

/** A mistake made by writing as another notation or tool does: the text sent, the text meant, and what parse is told. */
type ForeignMistake = (
  events: readonly string[],
  i: number,
  event: LaneEvent,
) => { readonly bad: string; readonly meant: string; readonly options?: ParseOptions } | undefined;

const WORDS: Record<string, string> = {
  '#': 'sharp',
  '##': 'double-sharp',
  b: 'flat',
  bb: 'double-flat',
};

/** The event written with another duration, or undefined for a grace note (it takes no time). */
function withDuration(event: LaneEvent, duration: Rational): string | undefined {
  return event.grace ? undefined : serializeEvent({ ...event, duration } as LaneEvent);
}

/** Event `i` and up to two after it, as a tuplet group of `open`, their texts and `close`, meant with durations times `ratio`. */
function asGroup(
  events: readonly string[],
  i: number,
  open: string,
  close: string,
  ratio: Rational,
  count?: number,
): { bad: string; meant: string } | undefined {
  const last = Math.min(events.length - 1, i + (count ?? 3) - 1);
  if (count !== undefined && last - i + 1 !== count) return undefined;
  const lane = parseEvents(events);
  const real = lane
    .slice(i, last + 1)
    .map((event) =>
      event.grace ? serializeEvent(event) : withDuration(event, multiply(event.duration, ratio))!,
    );
  const before = events.slice(0, i);
  const after = events.slice(last + 1);
  return {
    bad: `${HEADER}${[...before, `${open}${events.slice(i, last + 1).join(' ')}${close}`, ...after].join(' ')}`,
    meant: `${HEADER}${[...before, ...real, ...after].join(' ')}`,
  };
}

const foreignMistakes: Readonly<Record<string, ForeignMistake>> = {
  'flats written "-" as music21 does': (events, i, event) => {
    if (event.kind !== 'note') return undefined;
    const [, step, accidental, octave, rest] = pitchParts.exec(events[i]!) ?? [];
    const sure =
      (accidental === 'b' && Number(octave) >= 2) ||
      (accidental === 'bb' && octave !== '1' && !octave?.startsWith('-'));
    if (!sure) return undefined;
    const dashes = accidental === 'b' ? '-' : '--';
    return {
      bad: withEvent(events, i, `${step}${dashes}${octave}${rest}`),
      meant: withEvent(events, i, events[i]!),
    };
  },
  'accidental spelled as a word': (events, i, event) => {
    if (event.kind !== 'note') return undefined;
    const [, step, accidental, octave, rest] = pitchParts.exec(events[i]!) ?? [];
    if (!accidental) return undefined;
    const word = `${i % 2 === 1 ? '-' : ''}${WORDS[accidental]}`;
    return {
      bad: withEvent(events, i, `${step}${word}${octave}${rest}`),
      meant: withEvent(events, i, events[i]!),
    };
  },
  'triplet value with a "t" suffix': (events, i, event) => {
    const written = rational(1, 2 ** (i % 6));
    const real = withDuration(event, multiply(written, rational(2, 3)));
    const bad = withDuration(event, written);
    if (real === undefined || bad === undefined) return undefined;
    const suffixed = bad.replace(`=${formatRational(written)}`, `=${formatRational(written)}t`);
    return { bad: withEvent(events, i, suffixed), meant: withEvent(events, i, real) };
  },
  'tuplet group n:m(...)': (events, i) =>
    i % 2 === 0
      ? asGroup(events, i, '3:2(', ')', rational(2, 3))
      : asGroup(events, i, '5:4(', ')', rational(4, 5)),
  "ABC's tuplet (3": (events, i) =>
    i % 2 === 0
      ? asGroup(events, i, '(3', '', rational(2, 3), 3)
      : asGroup(events, i, '(2 ', '', rational(3, 2), 2),
  "LilyPond's \\tuplet 3/2 { }": (events, i) =>
    asGroup(events, i, '\\tuplet 3/2 { ', ' }', rational(2, 3)),
  'line breaks escaped twice (\\n)': (events, i) => {
    const next = 'P1 s1 v2 m1: r=1';
    const tail = i % 2 === 0 ? '' : '\\n';
    return {
      bad: `${HEADER}${events.join(' ')}\\n${next}${tail}`,
      meant: `${HEADER}${events.join(' ')}\n${next}${tail === '' ? '' : '\n'}`,
    };
  },
  'no header, in a rewrite from any measure': (events, i) => {
    const lane = {
      part: 1 + (i % 3),
      staff: 1 + (i % 2),
      voice: 1,
      measure: 1 + ((i * 7919) % 5000),
    };
    return {
      bad: events.join(' '),
      meant: `${laneKey(lane)}: ${events.join(' ')}`,
      options: { expectedLane: lane },
    };
  },
};

const foreignMistakeNames = Object.keys(foreignMistakes);

describe('hint fixes of what other notations write (property)', () => {
  test.prop(
    [
      fc.array(arbitraryEvent, { minLength: 1, maxLength: 6 }),
      fc.nat(),
      fc.constantFrom(...foreignMistakeNames),
      fc.boolean(),
    ],
    { numRuns: 1500 },
  )(
    'applying the edits of a mistake from another notation gives back the lane meant, in one retry',
    (events, at, name, compact) => {
      const texts = compact ? compactTexts(events) : events.map((event) => serializeEvent(event));
      const i = at % events.length;
      const made = foreignMistakes[name]!(texts, i, events[i]!);
      fc.pre(made !== undefined);
      const meant = parse(made!.meant);
      fc.pre(meant.ok);

      const result = parse(made!.bad, made!.options);
      expect(result.ok).toBe(false);
      expect(result.issues.some((issue) => issue.edit !== undefined)).toBe(true);
      const repaired = parse(applyEdits(made!.bad, result.issues));
      expect(repaired.issues).toEqual([]);
      if (!repaired.ok || !meant.ok) return;
      expect(repaired.document).toEqual(meant.document);
    },
  );

  it('can make every mistake of another notation in some event', () => {
    const samples = ['Bb3=1/4~', 'Ebb5=1/8', 'r=1/4', '(C4 E4)=1/2', 'C4=1/4', 'F#4=1/16'];
    const events = parseEvents(samples);
    for (const name of foreignMistakeNames) {
      const made = samples.some(
        (_, i) => foreignMistakes[name]!(samples, i, events[i]!) !== undefined,
      );
      expect(made, name).toBe(true);
    }
  });
});
