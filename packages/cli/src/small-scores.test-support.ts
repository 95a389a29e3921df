/**
 * Small scores for the tests of `scorelane mcp` and its saving, as `.lanes`
 * text: one bar for one flute, and two bars for flute and piano.
 */

/** One 4/4 bar, a whole C5 for the flute. */
export const ONE_BAR = `%% title: One bar
%% part P1 name="Flute" staves=1 clefs=treble
%% measures 1
%% time m1 4/4
%% key m1 C major
P1 s1 v1 m1: C5=1
`;

/** Two 3/4 bars in F major, flute and piano, no ties. */
export const TWO_BARS = `%% title: Two bars
%% part P1 name="Flute" staves=1 clefs=treble
%% part P2 name="Piano" staves=2 clefs=treble,bass
%% measures 2
%% time m1 3/4
%% key m1 F major
P1 s1 v1 m1: F5=1/4 E5=1/4 D5=1/4
P2 s2 v1 m1: F3=3/4
P1 s1 v1 m2: D5=1/2 C5=1/4
`;
