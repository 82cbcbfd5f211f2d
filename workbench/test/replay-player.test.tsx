import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialPlayer, type PlayerAction, type PlayerState, playerReducer, SPEEDS } from '../src/replay/player';

const run = (actions: PlayerAction[], from: PlayerState = initialPlayer) => actions.reduce(playerReducer, from);

describe('the replay player', () => {
  it('steps forward and back within the replay and stops playing when stepped', () => {
    const loaded = run([{ type: 'load', count: 3 }]);
    expect(loaded).toMatchObject({ step: 0, count: 3, playing: false });
    expect(run([{ type: 'back' }], loaded).step).toBe(0);
    expect(run([{ type: 'forward' }, { type: 'forward' }, { type: 'forward' }], loaded).step).toBe(2);
    expect(run([{ type: 'play' }, { type: 'forward' }], loaded)).toMatchObject({ step: 1, playing: false });
  });

  it('plays tick by tick and pauses itself on the last message; playing again starts over', () => {
    const end = run([{ type: 'load', count: 3 }, { type: 'play' }, { type: 'tick' }, { type: 'tick' }]);
    expect(end).toMatchObject({ step: 2, playing: false });
    expect(run([{ type: 'tick' }], end).step).toBe(2);
    expect(run([{ type: 'play' }], end)).toMatchObject({ step: 0, playing: true });
  });

  it('seeks to a clamped step and keeps playing while scrubbing', () => {
    const playing = run([{ type: 'load', count: 10 }, { type: 'play' }]);
    expect(run([{ type: 'seek', step: 7 }], playing)).toMatchObject({ step: 7, playing: true });
    expect(run([{ type: 'seek', step: 99 }], playing).step).toBe(9);
    expect(run([{ type: 'seek', step: -3 }], playing).step).toBe(0);
  });

  it('does not play an empty replay', () => {
    expect(run([{ type: 'play' }])).toEqual(initialPlayer);
  });

  it('always shows a step of the replay (property)', () => {
    const action = fc.oneof(
      fc.constantFrom<PlayerAction>(
        { type: 'play' },
        { type: 'pause' },
        { type: 'forward' },
        { type: 'back' },
        { type: 'tick' },
      ),
      fc.integer({ min: -5, max: 50 }).map((step): PlayerAction => ({ type: 'seek', step })),
      fc.constantFrom(...SPEEDS).map((speed): PlayerAction => ({ type: 'speed', speed })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(action, { maxLength: 60 }), (count, actions) => {
        const state = run([{ type: 'load', count }, ...actions]);
        expect(state.step).toBeGreaterThanOrEqual(0);
        expect(state.step).toBeLessThan(count);
        if (state.playing) expect(state.step).toBeLessThan(count - 1);
      }),
    );
  });
});
