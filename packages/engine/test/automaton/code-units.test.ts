import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodeUnits } from '../../src/automaton/code-units.js';

const unitsOf = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));

describe('CodeUnits', () => {
  for (const native of [true, false]) {
    it(`gives a string's UTF-16 code units, lone surrogates too, reusing its array (${native ? "Node's Buffer" : 'charCodeAt'})`, () => {
      const reader = new CodeUnits(native);
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), (text) => {
          const units = reader.read(text);
          expect(units.length).toBeGreaterThanOrEqual(text.length);
          expect(Array.from(units.subarray(0, text.length))).toEqual(unitsOf(text));
        }),
        { numRuns: 200 },
      );
      // a slice of a larger string, after a longer text
      const long = '好的，您的订单已经发货了😀'.repeat(200);
      reader.read(long);
      const slice = long.slice(7, 40);
      expect(Array.from(reader.read(slice).subarray(0, slice.length))).toEqual(unitsOf(slice));
      // past 2^20 units: an array of its own, not kept for the next text
      const huge = '您好，请问有什么可以帮您？'.repeat(90_000);
      const hugeUnits = reader.read(huge);
      expect(hugeUnits).toHaveLength(huge.length);
      expect(hugeUnits[huge.length - 1]).toBe('？'.charCodeAt(0));
      expect(hugeUnits[123_457]).toBe(huge.charCodeAt(123_457));
      expect(reader.read('好的').length).toBeLessThan(huge.length);
    });
  }
});
