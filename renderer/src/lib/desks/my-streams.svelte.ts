// The streams a producer runs ("my streams"), pinned first on the Stream desk and remembered per connection in this
// window's storage: two producers at two desks each keep their own.
import { appInfo } from './app-info.svelte'

const keyOf = (profileId: string) => `matchdesk.myStreams.${profileId}`

class MyStreams {
  /** Read once per connection from storage; `#version` tells readers a toggle changed it. */
  readonly #pinned = new Map<string, string[]>()
  #version = $state(0)
  /** Show only the pinned streams. */
  only = $state(false)

  #profile(): string {
    return appInfo.info?.profile.id ?? 'default'
  }

  #list(): string[] {
    void this.#version
    const profile = this.#profile()
    if (!this.#pinned.has(profile)) {
      let stored: unknown = []
      try {
        stored = JSON.parse(localStorage.getItem(keyOf(profile)) ?? '[]')
      } catch {
        // let go: pinned streams the storage cannot read are none pinned
        stored = []
      }
      this.#pinned.set(profile, Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [])
    }
    return this.#pinned.get(profile)!
  }

  has(streamId: string): boolean {
    return this.#list().includes(streamId)
  }

  get count(): number {
    return this.#list().length
  }

  toggle(streamId: string): void {
    const profile = this.#profile()
    const list = this.#list()
    const next = list.includes(streamId) ? list.filter((id) => id !== streamId) : [...list, streamId]
    this.#pinned.set(profile, next)
    localStorage.setItem(keyOf(profile), JSON.stringify(next))
    this.#version++
    if (next.length === 0) this.only = false
  }

  /** Streams in the desk's order: pinned ones first, and only those when asked. */
  arrange<T extends { stream: { id: string } }>(columns: readonly T[]): T[] {
    const mine = columns.filter((c) => this.has(c.stream.id))
    if (this.only && mine.length) return mine
    return [...mine, ...columns.filter((c) => !this.has(c.stream.id))]
  }
}

export const myStreams = new MyStreams()
