import { describe, expect, it } from 'vitest';
import { botsEn, botsZh } from '../src/i18n/areas/bots';
import { censorEn, censorZh } from '../src/i18n/areas/censor';
import { commonEn, commonZh } from '../src/i18n/areas/common';
import { linesEn, linesZh } from '../src/i18n/areas/lines';
import { monitorEn, monitorZh } from '../src/i18n/areas/monitor';
import { navEditorsEn, navEditorsZh } from '../src/i18n/areas/nav-editors';
import { navRoutingEn, navRoutingZh } from '../src/i18n/areas/nav-routing';
import { overviewEn, overviewZh } from '../src/i18n/areas/overview';
import { peopleEn, peopleZh } from '../src/i18n/areas/people';
import { qcEn, qcZh } from '../src/i18n/areas/qc';
import { replayEn, replayZh } from '../src/i18n/areas/replay';
import { scoreEn, scoreZh } from '../src/i18n/areas/score';
import { staffingEn, staffingZh } from '../src/i18n/areas/staffing';
import { summariesEn, summariesZh } from '../src/i18n/areas/summaries';
import { ticketEn, ticketZh } from '../src/i18n/areas/ticket';
import { transferEn, transferZh } from '../src/i18n/areas/transfer';
import { DICTIONARIES } from '../src/i18n/dictionary';

const areas = {
  common: [commonZh, commonEn],
  overview: [overviewZh, overviewEn],
  people: [peopleZh, peopleEn],
  qc: [qcZh, qcEn],
  replay: [replayZh, replayEn],
  staffing: [staffingZh, staffingEn],
  censor: [censorZh, censorEn],
  bots: [botsZh, botsEn],
  ticket: [ticketZh, ticketEn],
  summaries: [summariesZh, summariesEn],
  lines: [linesZh, linesEn],
  score: [scoreZh, scoreEn],
  navEditors: [navEditorsZh, navEditorsEn],
  navRouting: [navRoutingZh, navRoutingEn],
  monitor: [monitorZh, monitorEn],
  transfer: [transferZh, transferEn],
} as const;

describe('per-area dictionaries', () => {
  it('no key is in two areas (the merge would silently keep only one of them)', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [area, [zh]] of Object.entries(areas))
      for (const key of Object.keys(zh)) {
        if (seen.has(key)) clashes.push(`${key}: ${seen.get(key)} and ${area}`);
        seen.set(key, area);
      }
    expect(clashes).toEqual([]);
    expect(Object.keys(DICTIONARIES.zh)).toHaveLength(seen.size);
  });

  it('every area has each key in both languages, and the merged dictionary has them all', () => {
    for (const [zh, en] of Object.values(areas)) expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect(Object.keys(DICTIONARIES.en).sort()).toEqual(Object.keys(DICTIONARIES.zh).sort());
    expect(DICTIONARIES.zh['nav.qcRule']).toBe('质检规则');
    expect(DICTIONARIES.en['corpus.pickFile']).toBe('Choose a file to upload.');
  });
});
