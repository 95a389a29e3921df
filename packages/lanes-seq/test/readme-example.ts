import { formatGuide, formatIssue, parse, serialize } from '@scorelane/lanes-seq';

const result = parse('P1 s1 v1 m1: (G4 C4 E4)=2/4 r=1/2\n');
if (result.ok) {
  console.log(serialize(result.document)); // "P1 s1 v1 m1: (C4 E4 G4)=1/2 r\n" (a repeated duration is left out)
}

const bad = parse('P1 v1 m2: c4=1/4 F♯4=0.25');
if (!bad.ok) {
  for (const issue of bad.issues) console.log(issue.code, formatIssue(issue));
  // missing-header-field line 1, column 1: The lane header "P1 v1 m2" has no staff. Hint: a lane header needs a staff: P1 s1 v1 m2
  // lowercase-step       line 1, column 11: The pitch "c4" has a lower-case step. Hint: pitch steps are upper case: C4
  // unicode-accidental   line 1, column 19: ...  Hint: write sharps as #: F#4
  // decimal-duration     line 1, column 22: ...  Hint: write durations as fractions of a whole note: F#4=1/4
}

// The text every tool description embeds:
const description = `Rewrite measures of the score.\n\n${formatGuide()}`;
console.log(description.split('\n')[2]); // "lanes-seq: a lane = one voice, on one staff of one part, in one measure; " | " ends it and starts the next measure's lane."
