import type { CompiledCheckRange } from '../match/select-sentences.js';
import type { AnchorLocation, Role } from '../rule/types.js';
import type { JsonReader } from './json-reader.js';

const ROLES: readonly Role[] = ['AGENT', 'CUSTOMER'];
const LOCATIONS: readonly AnchorLocation[] = ['BEFORE', 'AROUND', 'AFTER'];

/** The earlier conditions an anchor may name, with whether each can carry hit sentences. */
export interface EarlierCondition {
  readonly cid: string;
  readonly hasExclude: boolean;
}

export function compileCheckRange(
  value: unknown,
  earlier: readonly EarlierCondition[],
  cid: string,
  laterCids: readonly string[],
  reader: JsonReader,
  path: string,
): { range: CompiledCheckRange; role: Role | null } {
  if (value === undefined || value === null) {
    return { range: { role: null, from: null, to: null, useRange: false, anchor: null }, role: null };
  }
  const checkRange = reader.object(value, path);
  const role = readRole(checkRange.role, reader, `${path}.role`);
  const rangeSelect = checkRange.rangeSelect;
  if (rangeSelect !== undefined && rangeSelect !== null && rangeSelect !== 'RANGE' && rangeSelect !== 'ALL') {
    throw reader.fail(
      'RANGE_SELECT',
      `${path}.rangeSelect`,
      'rangeSelect 只能是 RANGE 或 ALL',
      'rangeSelect must be RANGE or ALL',
    );
  }
  let from: number | null = null;
  let to: number | null = null;
  let given = false;
  if (checkRange.range !== undefined && checkRange.range !== null) {
    const range = reader.object(checkRange.range, `${path}.range`);
    from = readPosition(range.from, reader, `${path}.range.from`);
    to = readPosition(range.to, reader, `${path}.range.to`);
    given = true;
  }
  const anchor = readAnchor(checkRange.anchor, earlier, cid, laterCids, reader, `${path}.anchor`);
  return { range: { role, from, to, useRange: given && rangeSelect !== 'ALL', anchor }, role };
}

function readRole(value: unknown, reader: JsonReader, path: string): Role | null {
  // The stored form omits "all roles"; forms also send '' or ALL for it.
  if (value === undefined || value === null || value === '' || value === 'ALL') return null;
  if (typeof value === 'string' && (ROLES as readonly string[]).includes(value)) return value as Role;
  throw reader.fail(
    'ROLE',
    path,
    '角色只能是 AGENT（客服）、CUSTOMER（客户）或不填（全部角色）',
    'role must be AGENT, CUSTOMER, or absent for all roles',
  );
}

function readPosition(value: unknown, reader: JsonReader, path: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = reader.number(value, path, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, true);
  if (n === 0) {
    throw reader.fail(
      'RANGE_ZERO',
      path,
      '句子位置从 1 开始（负数表示倒数），不能为 0',
      'sentence positions start at 1 (negative ones count from the end); 0 is not a position',
    );
  }
  return n;
}

function readAnchor(
  value: unknown,
  earlier: readonly EarlierCondition[],
  cid: string,
  laterCids: readonly string[],
  reader: JsonReader,
  path: string,
) {
  if (value === undefined || value === null) return null;
  const anchor = reader.object(value, path);
  // The editor sends cid 'null' for "no anchor".
  if (anchor.cid === undefined || anchor.cid === null || anchor.cid === 'null' || anchor.cid === '') return null;
  const anchorCid = reader.string(anchor.cid, `${path}.cid`);
  const index = earlier.findIndex((c) => c.cid === anchorCid);
  if (index < 0) {
    const reason =
      anchorCid === cid || laterCids.includes(anchorCid)
        ? [
            `锚点条件“${anchorCid}”必须排在条件“${cid}”之前`,
            `the anchor condition '${anchorCid}' must come before condition '${cid}'`,
          ]
        : [`锚点条件“${anchorCid}”不存在`, `the anchor condition '${anchorCid}' does not exist`];
    throw reader.fail('ANCHOR_CID', `${path}.cid`, reason[0]!, reason[1]!);
  }
  if (earlier[index]!.hasExclude) {
    throw reader.fail(
      'ANCHOR_EXCLUDE',
      `${path}.cid`,
      `条件“${anchorCid}”含有“不包含关键词”，没有命中句，不能作为锚点`,
      `condition '${anchorCid}' contains EXCLUDE_KEYWORDS, which has no hit sentences, so it cannot be an anchor`,
    );
  }
  const location = anchor.location;
  if (typeof location !== 'string' || !(LOCATIONS as readonly string[]).includes(location)) {
    throw reader.fail(
      'ANCHOR_LOCATION',
      `${path}.location`,
      '锚点位置只能是 BEFORE、AROUND 或 AFTER',
      'anchor location must be BEFORE, AROUND or AFTER',
    );
  }
  const hitTime = reader.number(anchor.hitTime ?? -1, `${path}.hitTime`, -1, 1, true) as -1 | 0 | 1;
  let nth = 0;
  if (hitTime === 1) {
    if (anchor.inputHitTime === undefined || anchor.inputHitTime === null || anchor.inputHitTime === '') {
      throw reader.fail(
        'ANCHOR_NTH',
        `${path}.inputHitTime`,
        '选择“第 N 次”时必须填写 N（至少为 1）',
        'inputHitTime (which hit of the anchor) is required when hitTime is 1, and must be at least 1',
      );
    }
    nth = reader.number(anchor.inputHitTime, `${path}.inputHitTime`, 1, Number.MAX_SAFE_INTEGER, true);
  }
  return { condition: index, cid: anchorCid, location: location as AnchorLocation, hitTime, nth };
}
