// How many wrong codes the hub judges (a pairing code; a player's badge or station code): a few a minute from each
// address, and a budget for the whole venue network, so many addresses together cannot guess faster; addresses quiet
// for a minute are forgotten. Only wrong codes are punished: a right code from an address not over its own tries is
// always taken, whatever others guessed.

/** Wrong or stale pairing codes a single address may try per minute before it is told to wait. */
export const PAIRING_ATTEMPTS_PER_MINUTE = 10
/** Wrong codes from all addresses together per minute: beyond it, every address waits. */
export const PAIRING_FAILURES_PER_MINUTE = 30

const MINUTE = 60_000

/** The wait asked of a caller: why, and how many seconds. */
export interface PairingWait {
  message: string
  retryAfterS: number
}

/** What a budget of wrong codes is for: its limits, and the words a caller who must wait is told. */
export interface AttemptRules {
  perAddress: number
  perNetwork: number
  /** "pairing attempts from this device" */
  tooManyHere: string
  /** "wrong pairing codes on the venue network" */
  tooManyAround: string
}

const PAIRING: AttemptRules = {
  perAddress: PAIRING_ATTEMPTS_PER_MINUTE,
  perNetwork: PAIRING_FAILURES_PER_MINUTE,
  tooManyHere: 'pairing attempts from this device',
  tooManyAround: 'wrong pairing codes on the venue network',
}

export class AttemptBudget {
  private readonly byAddress = new Map<string, number[]>()
  private failures: number[] = []

  constructor(private readonly rules: AttemptRules = PAIRING) {}

  /** How many addresses are remembered now (bounded by what happened in the last minute). */
  get remembered(): number {
    return this.byAddress.size
  }

  /** Why `from` must wait before any code of its is judged (its own wrong ones), or undefined when it may try now. */
  wait(from: string, now: number): PairingWait | undefined {
    this.prune(now)
    const recent = this.byAddress.get(from) ?? []
    if (recent.length >= this.rules.perAddress) {
      const retryAfterS = Math.ceil((recent[0]! + MINUTE - now) / 1000)
      return { message: `Too many ${this.rules.tooManyHere}: try again in ${retryAfterS} s.`, retryAfterS }
    }
    return undefined
  }

  /** Why a wrong code is not told wrong but asked to wait: the whole network guessed too much this minute. */
  networkWait(now: number): PairingWait | undefined {
    this.prune(now)
    if (this.failures.length >= this.rules.perNetwork) {
      const retryAfterS = Math.ceil((this.failures[0]! + MINUTE - now) / 1000)
      return { message: `Too many ${this.rules.tooManyAround}: try again in ${retryAfterS} s.`, retryAfterS }
    }
    return undefined
  }

  /** Counts an attempt (a wrong, used or expired code; a search) against its address and the whole network. */
  spent(from: string, now: number): void {
    const recent = this.byAddress.get(from) ?? []
    recent.push(now)
    this.byAddress.set(from, recent)
    this.failures.push(now)
  }

  /** Forgets attempts older than a minute, and addresses left with none. */
  private prune(now: number): void {
    this.failures = this.failures.filter((at) => now - at < MINUTE)
    for (const [address, times] of this.byAddress) {
      const recent = times.filter((at) => now - at < MINUTE)
      if (recent.length === 0) this.byAddress.delete(address)
      else this.byAddress.set(address, recent)
    }
  }
}
