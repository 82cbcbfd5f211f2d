import { z } from 'zod';

/**
 * The agents, skill groups and service lines the sessions name: the spec's "dictionary loads for agents, groups"
 * (their paths are not shown). Until the online-service area keeps its own agent, group and line records, the
 * directory is what the imported sessions say, so the QC filters can offer names instead of bare ids.
 */
export const DIRECTORY_KINDS = ['AGENT', 'GROUP', 'LINE'] as const;
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
  /** the name the sessions give (an agent's nick, else his name); the id when they give none */
  name: z.string(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;
