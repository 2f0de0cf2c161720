// A Map of plain JSON records that knows which of its keys changed: set, deleted, or changed in place through a record
// it handed out while the venue is being written to (then each comes wrapped in a proxy that reports writes at any
// depth; reads outside a write get the plain records, at full speed), so the Demo venue writes only those to disk.

/** Called with the key of each record that changed; `added` when the key was not in the map before. */
export type KeyChanged = (key: string, added: boolean) => void

/** The record behind a proxy this module made (proxies are never stored: the map keeps plain records). */
const targets = new WeakMap<object, object>()

function plain<T>(value: T): T {
  return (typeof value === 'object' && value !== null ? (targets.get(value) ?? value) : value) as T
}

export class TrackedMap<T extends object> extends Map<string, T> {
  /** One proxy per record (and per nested object), so a record read twice is the same object both times. */
  private readonly proxies = new WeakMap<object, { key: string; proxy: object }>()
  constructor(
    private readonly changed: KeyChanged,
    /** Whether a write is under way: records are handed out tracked only then. */
    private readonly writing: () => boolean,
  ) {
    super()
  }

  /** The records as stored, without proxies: for writing to disk. */
  plainValues(): IterableIterator<T> {
    return super.values()
  }

  plainEntries(): IterableIterator<[string, T]> {
    return super.entries()
  }

  plainGet(key: string): T | undefined {
    return super.get(key)
  }

  override get(key: string): T | undefined {
    const record = super.get(key)
    return record === undefined || !this.writing() ? record : this.tracked(record, key)
  }

  override set(key: string, value: T): this {
    const added = !super.has(key)
    super.set(key, plain(value))
    this.changed(key, added)
    return this
  }

  override delete(key: string): boolean {
    const had = super.delete(key)
    if (had) this.changed(key, false)
    return had
  }

  override clear(): void {
    const keys = [...super.keys()]
    super.clear()
    for (const key of keys) this.changed(key, false)
  }

  // Outside a write the map's own iterators, as fast as a Map's; inside one, each record tracked.
  override values(): MapIterator<T> {
    return this.writing() ? this.trackedEntries((key, record) => record) : super.values()
  }

  override entries(): MapIterator<[string, T]> {
    return this.writing() ? this.trackedEntries((key, record) => [key, record]) : super.entries()
  }

  override [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries()
  }

  private *trackedEntries<R>(shape: (key: string, record: T) => R): MapIterator<R> {
    for (const [key, record] of super.entries()) yield shape(key, this.tracked(record, key))
  }

  override forEach(callback: (value: T, key: string, map: Map<string, T>) => void, thisArg?: unknown): void {
    for (const [key, record] of this.entries()) callback.call(thisArg, record, key, this)
  }

  private tracked<V extends object>(value: V, key: string): V {
    const known = this.proxies.get(value)
    if (known?.key === key) return known.proxy as V
    const proxy = new Proxy(value, {
      get: (target, property, receiver) => {
        const inner: unknown = Reflect.get(target, property, receiver)
        return typeof inner === 'object' && inner !== null ? this.tracked(inner, key) : inner
      },
      set: (target, property, inner: unknown) => {
        const done = Reflect.set(target, property, plain(inner))
        this.changed(key, false)
        return done
      },
      deleteProperty: (target, property) => {
        const done = Reflect.deleteProperty(target, property)
        this.changed(key, false)
        return done
      },
      defineProperty: (target, property, descriptor) => {
        const done = Reflect.defineProperty(
          target,
          property,
          'value' in descriptor ? { ...descriptor, value: plain(descriptor.value) } : descriptor,
        )
        this.changed(key, false)
        return done
      },
    })
    // A nested object two records share gets a proxy for each (the first one made is the one kept for reuse).
    if (!known) this.proxies.set(value, { key, proxy })
    targets.set(proxy, value)
    return proxy
  }
}
