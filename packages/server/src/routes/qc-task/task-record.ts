import type { EntityName } from '../../crud/entity-table.js';
import { wireId } from '../../crud/ids.js';
import type { qcTasks } from '../../db/schema/qc-tasks.js';
import { formatTime } from '../../http/time-zone.js';
import type { TaskCounts } from '../../tasks/task-progress.js';

export type TaskRow = typeof qcTasks.$inferSelect;
export const TASK: EntityName = { zh: '质检任务', en: 'QC task' };

/** The run of a task as the API reports it: state (IDLE, RUNNING, DONE, FAILED) and session counts. */
export function progressRecord(row: TaskRow, counts: TaskCounts, timeZone: string) {
  return {
    taskId: String(row.id),
    state: row.runState,
    ...counts,
    error: row.runError,
    startTime: formatTime(row.runStartTime, timeZone),
    endTime: formatTime(row.runEndTime, timeZone),
  };
}

/**
 * A QC task (tickets spec §3 "QC task") with its scheme's name, its lines' current names (those kept at save when a
 * line record is missing) and its run's progress.
 */
export function taskRecord(
  row: TaskRow,
  schemeName: string | null,
  lineNames: ReadonlyMap<number, string>,
  counts: TaskCounts,
  timeZone: string,
) {
  const savedNames = new Map(row.lines.map((l) => [l.lineId, l.lineName]));
  return {
    id: String(row.id),
    name: row.name,
    type: row.type,
    status: row.status,
    schemeId: String(row.schemeId),
    schemeName,
    lineIds: row.lineIds.map(String),
    lines: row.lineIds.map((lineId) => ({
      lineId: String(lineId),
      lineName: lineNames.get(lineId) ?? savedNames.get(lineId) ?? '',
    })),
    endTime: formatTime(row.endTime, timeZone),
    version: row.version,
    deleted: row.deleted,
    progress: progressRecord(row, counts, timeZone),
    creatorId: wireId(row.creatorId),
    creatorName: row.creatorName,
    createTime: formatTime(row.createTime, timeZone),
    modifierId: wireId(row.modifierId),
    modifierName: row.modifierName,
    modifyTime: formatTime(row.modifyTime, timeZone),
  };
}
