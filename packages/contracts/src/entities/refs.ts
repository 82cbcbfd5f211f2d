import { z } from 'zod';

/** A skill group a result or agent belongs to (lists show the first 3 and fold the rest). */
export const groupRefSchema = z.object({ groupId: z.string(), groupName: z.string().nullish() });
export type GroupRef = z.infer<typeof groupRefSchema>;

/** A service line a QC task covers. */
export const lineRefSchema = z.object({ lineId: z.string(), lineName: z.string().nullish() });
export type LineRef = z.infer<typeof lineRefSchema>;
