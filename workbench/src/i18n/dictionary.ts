import { botsEn, botsZh } from './areas/bots';
import { censorEn, censorZh } from './areas/censor';
import { commonEn, commonZh } from './areas/common';
import { linesEn, linesZh } from './areas/lines';
import { monitorEn, monitorZh } from './areas/monitor';
import { navEditorsEn, navEditorsZh } from './areas/nav-editors';
import { navRoutingEn, navRoutingZh } from './areas/nav-routing';
import { overviewEn, overviewZh } from './areas/overview';
import { peopleEn, peopleZh } from './areas/people';
import { qcEn, qcZh } from './areas/qc';
import { replayEn, replayZh } from './areas/replay';
import { scoreEn, scoreZh } from './areas/score';
import { staffingEn, staffingZh } from './areas/staffing';
import { summariesEn, summariesZh } from './areas/summaries';
import { ticketEn, ticketZh } from './areas/ticket';
import { transferEn, transferZh } from './areas/transfer';

/**
 * Every label of the console in Chinese (the default) and English. Validation messages fixed by the
 * spec come from @qcdesk/contracts; this dictionary holds the interface's own words, one file per area under
 * ./areas (a new area adds its file and one spread in each language below). Each area's English is typed by its
 * Chinese keys, so a key missing in one language still fails to compile.
 */
const zh = {
  ...commonZh,
  ...overviewZh,
  ...peopleZh,
  ...qcZh,
  ...replayZh,
  ...staffingZh,
  ...censorZh,
  ...botsZh,
  ...ticketZh,
  ...summariesZh,
  ...linesZh,
  ...scoreZh,
  ...navEditorsZh,
  ...navRoutingZh,
  ...monitorZh,
  ...transferZh,
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ...commonEn,
  ...overviewEn,
  ...peopleEn,
  ...qcEn,
  ...replayEn,
  ...staffingEn,
  ...censorEn,
  ...botsEn,
  ...ticketEn,
  ...summariesEn,
  ...linesEn,
  ...scoreEn,
  ...navEditorsEn,
  ...navRoutingEn,
  ...monitorEn,
  ...transferEn,
};

/** The interface languages, as @qcdesk/contracts names them (`Lang`). */
export type Locale = 'zh' | 'en';
export const DICTIONARIES: Record<Locale, Record<MessageKey, string>> = { zh, en };

/** Fills `{name}` placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
