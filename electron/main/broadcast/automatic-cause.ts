// Why the stream states announced now changed when no person did it (the audit log's cause): work the desk does by
// itself runs under its cause; a person's command has none.
export class AutomaticCause {
  private because: string | null = null

  /** The cause of what is announced now (null: a person's command). */
  now(): string | null {
    return this.because
  }

  /** Runs work the desk does by itself, not at a person's command: what it announces says why. */
  during<T>(cause: string, work: () => T): T {
    const before = this.because
    this.because = cause
    try {
      return work()
    } finally {
      this.because = before
    }
  }
}
