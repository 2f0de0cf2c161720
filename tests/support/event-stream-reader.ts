// Reads a Server-Sent Events answer as tests do: the next event of a name with its data parsed, or everything until
// a pattern is seen (or the stream closes).
export interface EventStreamReader {
  /** The data of the next event of this name (events of other names are passed over), parsed as JSON. */
  next<T>(name: string): Promise<T>
  /**
   * The next event of this name whose data `matches`: the desk says things of its own in between (a show sequence's
   * steps after a Take or a game's end), which a test waiting for one change passes over.
   */
  nextWhere<T>(name: string, matches: (data: T) => boolean): Promise<T>
  /** Reads on until the text so far matches; 'closed' when the stream ends first. */
  until(pattern: RegExp): Promise<'seen' | 'closed'>
  close(): Promise<void>
}

export function readEvents(response: Response): EventStreamReader {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let pending = ''
  let seen = ''
  const more = async (): Promise<boolean> => {
    const { value: chunk, done } = await reader.read()
    if (done) return false
    pending += chunk
    seen += chunk
    return true
  }
  const reading: EventStreamReader = {
    nextWhere: async <T>(name: string, matches: (data: T) => boolean): Promise<T> => {
      for (;;) {
        const data = await reading.next<T>(name)
        if (matches(data)) return data
      }
    },
    next: async <T>(name: string): Promise<T> => {
      for (;;) {
        const end = pending.indexOf('\n\n')
        if (end < 0) {
          if (!(await more())) throw new Error(`the event stream closed before a “${name}” event`)
          continue
        }
        const block = pending.slice(0, end)
        pending = pending.slice(end + 2)
        const data = block.split('\n').find((line) => line.startsWith('data: '))
        if (block.split('\n').includes(`event: ${name}`) && data) return JSON.parse(data.slice(6)) as T
      }
    },
    until: async (pattern) => {
      while (!pattern.test(seen)) if (!(await more())) return 'closed'
      return 'seen'
    },
    close: () => reader.cancel(),
  }
  return reading
}
