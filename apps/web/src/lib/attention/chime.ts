// A short chime generated with the Web Audio API, so no audio file is shipped. Missing Web Audio (jsdom, very old
// browsers) or a context the browser refuses to start makes it silent, never an error.

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  // Looked up at each call: missing in some browsers (Safari before 14.1 has only the prefixed one) and in jsdom.
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

export function canPlayChime(): boolean {
  return audioContextClass() !== undefined;
}

/** Two rising tones (A5, E6) of 0.3 s each, 0.16 s apart. */
const NOTES = [
  { frequency: 880, at: 0 },
  { frequency: 1318.5, at: 0.16 },
] as const;
const NOTE_SECONDS = 0.3;
const VOLUME = 0.2;

/**
 * Plays the chime on a context of its own, closed once the last tone ends (browsers limit open contexts). A page the
 * player has clicked may start audio later on its own; before any click the browser may keep it silent.
 */
export function playChime(): void {
  const Context = audioContextClass();
  if (!Context) return;
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    return;
  }
  const close = () => {
    void context.close().catch(() => undefined);
  };
  try {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime + 0.02;
    let last: OscillatorNode | null = null;
    for (const note of NOTES) {
      const at = start + note.at;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(note.frequency, at);
      // A quick attack and an exponential fade: no click at either end.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS);
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS + 0.02);
      last = oscillator;
    }
    if (last) last.onended = close;
  } catch {
    close();
  }
}
