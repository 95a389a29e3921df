import { apply, planSetTexts, type Score, scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreXml } from './musescore.test-support.ts';

/** A one-measure score whose header (before `<part-list>`) is `header`. */
function withHeader(header: string): string {
  return `<score-partwise version="4.0">${header}<part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes><note><pitch><step>A</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice><type>whole</type></note></measure></part></score-partwise>`;
}

function imported(text: string): Score {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function texts(score: Score) {
  const {
    parts: _p,
    measureCount: _m,
    times: _t,
    keys: _k,
    pickups: _u,
    printedNumbers: _n,
    revision: _r,
    ...rest
  } = scoreInfo(score);
  return rest;
}

function set(score: Score, value: Parameters<typeof planSetTexts>[1]['texts']): void {
  const planned = planSetTexts(score, { texts: value });
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  apply(score, planned.plan);
}

const PAGE =
  '<defaults><page-layout><page-height>1600</page-height><page-width>1200</page-width></page-layout></defaults>';
const credit = (x: number, y: number, size: number, text: string, extra = '') =>
  `<credit page="1">${extra}<credit-words default-x="${x}" default-y="${y}" font-size="${size}">${text}</credit-words></credit>`;

describe('score texts in MusicXML', () => {
  it('import reads <work>, <movement-title> and <identification>', () => {
    const score = imported(
      withHeader(
        '<work><work-title>Dichterliebe</work-title></work><movement-title>Im wunderschönen Monat Mai</movement-title><identification><creator type="composer">Robert Schumann</creator><creator type="poet">Heinrich Heine</creator><creator type="arranger">A. N. Other</creator><rights>Public domain</rights></identification>',
      ),
    );
    expect(texts(score)).toEqual({
      title: 'Im wunderschönen Monat Mai',
      composer: 'Robert Schumann',
      lyricist: 'Heinrich Heine',
      arranger: 'A. N. Other',
      copyright: 'Public domain',
    });
  });

  it('where only credits carry them: by credit-type, else the largest top-centre text is the title and top-right the composer', () => {
    const typed = imported(
      withHeader(
        credit(600, 1500, 12, 'Words by Heine', '<credit-type>lyricist</credit-type>') +
          credit(600, 1400, 14, 'for voice and piano', '<credit-type>subtitle</credit-type>'),
      ),
    );
    expect(texts(typed)).toEqual({ subtitle: 'for voice and piano', lyricist: 'Words by Heine' });
    const placed = imported(
      withHeader(
        PAGE +
          credit(600, 1450, 14, 'Op. 28') +
          credit(600, 1500, 24, 'Prélude No. 20 in A Minor') +
          credit(1150, 1380, 10, 'Frédéric Chopin') +
          credit(600, 40, 30, 'page footer, not a title'),
      ),
    );
    expect(texts(placed)).toEqual({
      title: 'Prélude No. 20 in A Minor',
      subtitle: 'Op. 28',
      composer: 'Frédéric Chopin',
    });
  });

  it('export writes what set_score_info set, credits showing an old text show the new one, and import reads it back', () => {
    const score = imported(
      withHeader(
        `${PAGE}${credit(600, 1500, 24, 'Prélude No. 20 in A Minor')}${credit(1150, 1380, 10, 'Frédéric Chopin')}`,
      ),
    );
    set(score, {
      title: 'Prelude in C minor',
      composer: 'F. Chopin',
      lyricist: 'nobody',
      subtitle: 'Op. 28 No. 20',
      copyright: '© 2026',
    });
    const xml = exportMusicXml(score);
    expect(xml).toContain('<movement-title>Prelude in C minor</movement-title>');
    expect(xml).toContain('<creator type="composer">F. Chopin</creator>');
    expect(xml).toContain('<creator type="lyricist">nobody</creator>');
    expect(xml).toContain('<rights>© 2026</rights>');
    expect(xml).toContain('>Prelude in C minor</credit-words>');
    expect(xml).not.toContain('Prélude No. 20');
    expect(texts(imported(xml))).toEqual({
      title: 'Prelude in C minor',
      subtitle: 'Op. 28 No. 20',
      composer: 'F. Chopin',
      lyricist: 'nobody',
      copyright: '© 2026',
    });
  });

  it('a removed text is gone from the export, credits and all; untouched texts are written as the file had them', () => {
    const header =
      '<work><work-number>Op. 48</work-number><work-title>Dichterliebe</work-title></work><identification><creator type="composer">Robert Schumann</creator><encoding><software>Finale</software></encoding></identification>' +
      credit(600, 1500, 24, 'Dichterliebe', '<credit-type>title</credit-type>');
    const score = imported(withHeader(header));
    const flat = (xml: string) => xml.replace(/>\s+</g, '><');
    expect(flat(exportMusicXml(score))).toContain(header);
    set(score, { title: '' });
    const xml = flat(exportMusicXml(score));
    expect(xml).not.toContain('Dichterliebe');
    expect(xml).toContain('<work><work-number>Op. 48</work-number></work>');
    expect(texts(imported(xml))).toEqual({ composer: 'Robert Schumann' });
  });

  it("MuseScore's engine opens the export and finds the title and composer set", async () => {
    const score = imported(withHeader(''));
    set(score, { title: 'Sonatina in C', composer: 'Muzio Clementi' });
    const read = await museScoreXml(exportMusicXml(score));
    expect(read.error).toBeUndefined();
    expect(texts(imported(read.xml!))).toMatchObject({
      title: 'Sonatina in C',
      composer: 'Muzio Clementi',
    });
  });
});
