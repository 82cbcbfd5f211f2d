import { z } from 'zod';

/**
 * The agents, skill groups and service lines (records of the online-service area, which an import creates when its
 * sessions name ones missing) and the channels (`trackClient`) the sessions name: the spec's "dictionary loads for
 * agents, groups" (their paths are not shown), so the QC filters and the task form offer names instead of bare ids.
 */
/** RULE: the AI rules, for the result list's hit-rule filter (beyond the spec; the QC overview opens it). */
/** CENSOR_BAN: the sensitive-word libraries, for the result lists' censorBanId filter (qc-area §7's dictionary load). */
export const DIRECTORY_KINDS = ['AGENT', 'GROUP', 'LINE', 'CHANNEL', 'RULE', 'CENSOR_BAN'] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

/** How many entries one call answers at most; a keyword narrows a longer directory. */
export const DIRECTORY_LIMIT = 200;

export const directoryBodySchema = z.object({
  kind: z.enum(DIRECTORY_KINDS),
  /** part of the name or the id */
  keyword: z.string().trim().max(100).nullish(),
});
export type DirectoryBody = z.infer<typeof directoryBodySchema>;

export const directoryEntrySchema = z.object({
  id: z.string(),
  /**
   * the name it goes by: an agent's name with his nick, 陈静（小陈）, as the result rows show him (either alone when
   * the other is missing); a channel is its own name; the id when the sessions give none
   */
  name: z.string(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;
