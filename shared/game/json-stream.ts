// JSON objects sent back to back on a stream with nothing between them (Rocket League's Stats API): split into each
// whole object's text as the text arrives, however it is cut into chunks. Bounded: an object longer than the limit
// stops the stream (the sender is then not one to trust). Pure.

export class JsonObjectSplitter {
  private text = ''
  /** Where the scan goes on from in `text`, and its state there. */
  private at = 0
  private depth = 0
  private inString = false
  private escaped = false

  constructor(private readonly maxChars: number) {}

  /** Whether an object was begun and not finished yet. */
  get pending(): boolean {
    return this.depth > 0
  }

  /** The whole objects this chunk completes, in order; an error's words once the stream is not one to read on. */
  push(chunk: string): { objects: string[] } | { error: string } {
    this.text += chunk
    const objects: string[] = []
    let start = 0
    for (; this.at < this.text.length; this.at++) {
      const c = this.text[this.at]!
      if (this.depth === 0) {
        if (c === '{') {
          start = this.at
          this.depth = 1
        } else if (!/\s/.test(c)) return { error: `the feed sent "${c}" between its messages` }
        continue
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (c === '\\') this.escaped = true
        else if (c === '"') this.inString = false
      } else if (c === '"') this.inString = true
      else if (c === '{' || c === '[') this.depth++
      else if (c === '}' || c === ']') {
        this.depth--
        if (this.depth === 0) {
          if (this.at + 1 - start > this.maxChars) return { error: `a message over ${this.maxChars} characters` }
          objects.push(this.text.slice(start, this.at + 1))
          start = this.at + 1
        }
      }
    }
    // What is left is the start of the next object (or nothing).
    const rest = this.depth === 0 ? '' : this.text.slice(start)
    this.at = rest.length
    this.text = rest
    if (rest.length > this.maxChars) return { error: `a message over ${this.maxChars} characters` }
    return { objects }
  }
}
