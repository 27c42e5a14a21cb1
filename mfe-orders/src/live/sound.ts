/**
 * The board's short sound, made with Web Audio (no file to fetch): two tones for a new order,
 * one for a waiter call or a bill request. Browsers keep audio silent until a user gesture
 * unlocks it, so the board shows a "Ovozni yoqish" switch: turning it on (a tap) creates and
 * resumes the audio context and plays the sound once, so the staff know what to listen for.
 */
export type Ring = 'order' | 'call';

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;
let enabled = false;
const listeners = new Set<() => void>();

function audioContextClass(): AudioContextClass | undefined {
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Whether the sound is on (a tap turned it on in this tab). */
export function isSoundOn(): boolean {
  return enabled;
}

export function subscribeSound(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Turns the sound on or off; call it from the tap itself (the browser's gesture rule). */
export async function setSound(on: boolean): Promise<void> {
  enabled = on;
  for (const listener of listeners) listener();
  if (!on) return;
  const Context = audioContextClass();
  if (!Context) return;
  context ??= new Context();
  if (context.state === 'suspended') await context.resume().catch(() => {});
  ring('order');
}

/** Plays the sound of `kind` when the sound is on; silent otherwise. */
export function ring(kind: Ring): void {
  if (!enabled || !context || context.state !== 'running') return;
  const tones = kind === 'order' ? [880, 1175] : [660];
  const start = context.currentTime;
  tones.forEach((frequency, i) => {
    const at = start + i * 0.18;
    const osc = (context as AudioContext).createOscillator();
    const gain = (context as AudioContext).createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    // a soft attack and decay: a chime, not a click
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    osc.connect(gain).connect((context as AudioContext).destination);
    osc.start(at);
    osc.stop(at + 0.17);
  });
}
