/**
 * The replay player: which step is shown, whether it plays, how fast. A pure reducer, so the controls, the timer and
 * the tests drive it the same way. Step k (0-based) is the state after messages 0 … k.
 */

export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

/** Milliseconds between two steps at 1×. */
export const STEP_MS = 1000;

export interface PlayerState {
  /** steps in the replay (one per message); 0 before one is loaded */
  count: number;
  /** the step shown, 0 … count-1 */
  step: number;
  playing: boolean;
  speed: Speed;
}

export type PlayerAction =
  | { type: 'load'; count: number; step?: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'forward' }
  | { type: 'back' }
  | { type: 'seek'; step: number }
  | { type: 'tick' }
  | { type: 'speed'; speed: Speed };

export const initialPlayer: PlayerState = { count: 0, step: 0, playing: false, speed: 1 };

const clamp = (step: number, count: number) => Math.max(0, Math.min(Math.max(0, count - 1), Math.round(step)));

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  const last = state.count - 1;
  switch (action.type) {
    case 'load':
      return { ...state, count: action.count, step: clamp(action.step ?? 0, action.count), playing: false };
    case 'play':
      if (state.count < 2) return state;
      // playing from the end starts over, as a media player does
      return { ...state, playing: true, step: state.step >= last ? 0 : state.step };
    case 'pause':
      return { ...state, playing: false };
    case 'forward':
      return { ...state, playing: false, step: clamp(state.step + 1, state.count) };
    case 'back':
      return { ...state, playing: false, step: clamp(state.step - 1, state.count) };
    case 'seek': {
      const step = clamp(action.step, state.count);
      return { ...state, step, playing: state.playing && step < last };
    }
    case 'tick': {
      if (!state.playing) return state;
      const step = clamp(state.step + 1, state.count);
      return { ...state, step, playing: step < last };
    }
    case 'speed':
      return { ...state, speed: action.speed };
  }
}

export const tickMs = (speed: Speed) => STEP_MS / speed;
