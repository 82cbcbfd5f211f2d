import { describe, expect, it } from 'vitest';
import XRegExp from 'xregexp';
import { contains } from '../../src/operators/regular-expression/char-set.js';
import {
  propertyCodePoints,
  re2PropertyName,
  resolveProperty,
} from '../../src/operators/regular-expression/unicode-properties.js';

/** Code points to probe: a stride through all planes plus the neighbourhood of every range edge. */
function probes(ranges: readonly number[]): number[] {
  const points = new Set<number>();
  for (let cp = 0; cp <= 0x10ffff; cp += 97) points.add(cp);
  for (const edge of ranges) for (const cp of [edge - 1, edge, edge + 1]) if (cp >= 0 && cp <= 0x10ffff) points.add(cp);
  return [...points].filter((cp) => cp < 0xd800 || cp > 0xdfff);
}

describe('Unicode tokens', () => {
  it.each([
    'Han',
    'Latin',
    'Greek',
    'Hiragana',
    'Gothic',
    'L',
    'Lu',
    'Nd',
    'P',
    'Zs',
    'C',
    'White_Space',
    'Alphabetic',
    'ASCII',
    'Any',
    'Assigned',
  ])('\\p{%s} has the code points XRegExp matches in astral mode', (name) => {
    const property = resolveProperty(name, undefined);
    if (property === null) throw new Error(`unknown ${name}`);
    const set = propertyCodePoints(property);
    const reference = XRegExp(`^\\p{${name}}$`, 'A');
    const disagreements = probes(set).filter((cp) => contains(set, cp) !== reference.test(String.fromCodePoint(cp)));
    expect(disagreements).toEqual([]);
    expect(set.length).toBeGreaterThan(0);
  });

  it('resolves names, aliases and prefixes like XRegExp, plus sc=', () => {
    expect(resolveProperty('letter', undefined)).toEqual({ kind: 'category', name: 'L' });
    expect(resolveProperty('Uppercase_Letter', undefined)).toEqual({ kind: 'category', name: 'Lu' });
    expect(resolveProperty('han', undefined)).toEqual({ kind: 'script', name: 'Han' });
    expect(resolveProperty('Han', 'Script')).toEqual({ kind: 'script', name: 'Han' });
    expect(resolveProperty('Han', 'sc')).toEqual({ kind: 'script', name: 'Han' });
    expect(resolveProperty('L', 'gc')).toEqual({ kind: 'category', name: 'L' });
    expect(resolveProperty('white space', undefined)).toEqual({ kind: 'binary', name: 'White_Space' });
    expect(resolveProperty('L', 'Script')).toBeNull();
    expect(resolveProperty('Han', 'Block')).toBeNull();
    expect(resolveProperty('Hanzi', undefined)).toBeNull();
    expect(resolveProperty('constructor', undefined)).toBeNull();
  });

  it('uses RE2 names where RE2 has them and explicit ranges otherwise', () => {
    expect(re2PropertyName({ kind: 'script', name: 'Han' })).toBe('Han');
    expect(re2PropertyName({ kind: 'category', name: 'LC' })).toBe('LC');
    expect(re2PropertyName({ kind: 'binary', name: 'Any' })).toBe('Any');
    expect(re2PropertyName({ kind: 'binary', name: 'White_Space' })).toBeNull();
  });
});
