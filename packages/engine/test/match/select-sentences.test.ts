import { describe, expect, it } from 'vitest';
import { type CompiledCheckRange, selectSentences } from '../../src/match/select-sentences.js';
import type { AnchorLocation, Role } from '../../src/rule/types.js';
import type { Sentence } from '../../src/transcript/types.js';

/** Sentences from a compact description: 'A' agent, 'C' customer, 'S' system; lower case means a non-text message. */
function session(roles: string): Sentence[] {
  const names: Record<string, string> = { a: 'AGENT', c: 'CUSTOMER', s: 'SYSTEM' };
  return [...roles].map((r, index) => ({
    index,
    role: names[r.toLowerCase()]!,
    text: r === r.toUpperCase() ? `m${index}` : null,
    time: null,
    messageId: null,
  }));
}

function range(
  from: number | null,
  to: number | null,
  options: { role?: Role | null; useRange?: boolean; location?: AnchorLocation } = {},
): CompiledCheckRange {
  return {
    role: options.role ?? null,
    from,
    to,
    useRange: options.useRange ?? true,
    anchor:
      options.location === undefined
        ? null
        : { condition: 0, cid: 'a', location: options.location, hitTime: -1, nth: 0 },
  };
}

const pick = (roles: string, r: CompiledCheckRange, anchorAt: number | null = null) =>
  selectSentences(session(roles), r, anchorAt, r.role).indices;

describe('check range without an anchor', () => {
  it('positions are 1-based from the first message', () => {
    expect(pick('ACACAC', range(1, 3))).toEqual([0, 1, 2]);
    expect(pick('ACACAC', range(2, 2))).toEqual([1]);
  });

  it('negative positions count from the end (-1 the last)', () => {
    expect(pick('ACACAC', range(-2, -1))).toEqual([4, 5]);
    expect(pick('ACACAC', range(2, -2))).toEqual([1, 2, 3, 4]);
  });

  it('from null means 1, to null means the end', () => {
    expect(pick('ACACAC', range(null, 2))).toEqual([0, 1]);
    expect(pick('ACACAC', range(5, null))).toEqual([4, 5]);
  });

  it('positions beyond the region are clipped', () => {
    expect(pick('ACA', range(2, 10))).toEqual([1, 2]);
    expect(pick('ACA', range(-10, 1))).toEqual([0]);
    expect(pick('ACA', range(4, 10))).toEqual([]);
  });

  it('from after to selects nothing', () => {
    expect(pick('ACACAC', range(3, 2))).toEqual([]);
    expect(pick('ACACAC', range(-1, 2))).toEqual([]);
    expect(selectSentences(session('ACACAC'), range(3, 2), null, null).hasText).toBe(false);
  });

  it('role first, then range: positions count among that role only', () => {
    expect(pick('ACACAC', range(1, 2, { role: 'AGENT' }))).toEqual([0, 2]);
    expect(pick('ACACAC', range(-1, -1, { role: 'CUSTOMER' }))).toEqual([5]);
  });

  it('other roles are only selected by all roles', () => {
    expect(pick('SAC', range(null, null, { role: 'AGENT', useRange: false }))).toEqual([1]);
    expect(pick('SAC', range(null, null, { role: 'CUSTOMER', useRange: false }))).toEqual([2]);
    expect(pick('SAC', range(null, null, { useRange: false }))).toEqual([0, 1, 2]);
  });

  it('ALL (no range in use) selects the whole region', () => {
    expect(pick('ACACAC', range(1, 1, { useRange: false }))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('non-text messages count as positions', () => {
    // agent messages: #0 (image), #2 (text)
    const selection = selectSentences(session('aCAC'), range(1, 1, { role: 'AGENT' }), null, 'AGENT');
    expect(selection.indices).toEqual([0]);
    expect(selection.hasText).toBe(false);
    expect(pick('aCAC', range(2, 2, { role: 'AGENT' }))).toEqual([2]);
  });

  it('the mask marks exactly the selected messages', () => {
    const selection = selectSentences(session('ACACAC'), range(2, 3), null, null);
    expect([...selection.mask]).toEqual([0, 1, 1, 0, 0, 0]);
    expect(selection.hasText).toBe(true);
  });
});

describe('check range with an anchor (positions count outward from the anchor)', () => {
  // messages 0..6, anchor at 3
  const roles = 'CACACAC';

  it('AFTER: 1 is the first message after the anchor, -1 the last of the session', () => {
    expect(pick(roles, range(1, 1, { location: 'AFTER' }), 3)).toEqual([4]);
    expect(pick(roles, range(-1, -1, { location: 'AFTER' }), 3)).toEqual([6]);
    expect(pick(roles, range(null, null, { location: 'AFTER', useRange: false }), 3)).toEqual([4, 5, 6]);
  });

  it('BEFORE: 1 is the nearest message before the anchor, -1 the first of the session', () => {
    expect(pick(roles, range(1, 1, { location: 'BEFORE' }), 3)).toEqual([2]);
    expect(pick(roles, range(1, 2, { location: 'BEFORE' }), 3)).toEqual([1, 2]);
    expect(pick(roles, range(-1, -1, { location: 'BEFORE' }), 3)).toEqual([0]);
  });

  it('AROUND: position k is both the k-th before and the k-th after (1..1 selects up to two)', () => {
    expect(pick(roles, range(1, 1, { location: 'AROUND' }), 3)).toEqual([2, 4]);
    expect(pick(roles, range(2, 2, { location: 'AROUND' }), 3)).toEqual([1, 5]);
    expect(pick(roles, range(1, 1, { location: 'AROUND' }), 0)).toEqual([1]);
    expect(pick(roles, range(1, 1, { location: 'AROUND' }), 6)).toEqual([5]);
  });

  it('the anchor message itself is never in the region', () => {
    expect(pick(roles, range(null, null, { location: 'AROUND', useRange: false }), 3)).toEqual([0, 1, 2, 4, 5, 6]);
    expect(pick(roles, range(null, null, { location: 'BEFORE', useRange: false }), 0)).toEqual([]);
    expect(pick(roles, range(null, null, { location: 'AFTER', useRange: false }), 6)).toEqual([]);
  });

  it('anchor region, then role, then range', () => {
    // anchor 3 (agent); agents after it: 5; customers after it: 4, 6
    expect(pick(roles, range(1, 1, { location: 'AFTER', role: 'AGENT' }), 3)).toEqual([5]);
    expect(pick(roles, range(2, 2, { location: 'AFTER', role: 'CUSTOMER' }), 3)).toEqual([6]);
    // customers before 3: 2, 0 (nearest first)
    expect(pick(roles, range(1, 1, { location: 'BEFORE', role: 'CUSTOMER' }), 3)).toEqual([2]);
    expect(pick(roles, range(2, 2, { location: 'BEFORE', role: 'CUSTOMER' }), 3)).toEqual([0]);
  });

  it('from after to selects nothing with an anchor too', () => {
    expect(pick(roles, range(2, 1, { location: 'AROUND' }), 3)).toEqual([]);
  });
});
