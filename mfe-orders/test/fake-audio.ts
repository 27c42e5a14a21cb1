/**
 * A Web Audio stand-in for jsdom (which has none): it records the tones the board plays, so a
 * test hears whether a new order rang.
 */
import { vi } from 'vitest';

export interface FakeAudio {
  /** The frequency of every tone started, in order. */
  tones: number[];
}

export function stubAudio(): FakeAudio {
  const audio: FakeAudio = { tones: [] };
  class FakeAudioContext {
    state: 'suspended' | 'running' = 'suspended';
    currentTime = 0;
    destination = {};
    async resume() {
      this.state = 'running';
    }
    createGain() {
      const param = { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} };
      return { gain: param, connect: (to: unknown) => to };
    }
    createOscillator() {
      const osc = {
        type: 'sine',
        frequency: { value: 0 },
        connect: (to: unknown) => to,
        start: () => audio.tones.push(osc.frequency.value),
        stop: () => {},
      };
      return osc;
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return audio;
}
