// The door's three scan outcomes as short sounds made with Web Audio (no files): a rising two-note chime for
// checked in, one middle note for already checked in, a low buzz for unknown. Muting is remembered on this machine.
export type ScanOutcome = 'in' | 'already' | 'unknown'

/** [frequency Hz, seconds] notes per outcome. */
const NOTES: Record<ScanOutcome, [number, number][]> = {
  in: [
    [880, 0.08],
    [1320, 0.12],
  ],
  already: [[660, 0.22]],
  unknown: [
    [196, 0.16],
    [196, 0.16],
  ],
}
const MUTED_KEY = 'matchdesk.scanSoundsMuted'

class ScanSounds {
  #muted = $state(localStorage.getItem(MUTED_KEY) === 'true')
  #context: AudioContext | undefined

  get muted(): boolean {
    return this.#muted
  }

  set muted(value: boolean) {
    this.#muted = value
    localStorage.setItem(MUTED_KEY, String(value))
  }

  play(outcome: ScanOutcome): void {
    if (this.#muted || typeof AudioContext === 'undefined') return
    const context = (this.#context ??= new AudioContext())
    let at = context.currentTime
    for (const [frequency, seconds] of NOTES[outcome]) {
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.type = outcome === 'unknown' ? 'square' : 'sine'
      oscillator.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, at)
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01)
      gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds)
      oscillator.connect(gain).connect(context.destination)
      oscillator.start(at)
      oscillator.stop(at + seconds + 0.02)
      at += seconds + 0.04
    }
  }
}

export const scanSounds = new ScanSounds()
