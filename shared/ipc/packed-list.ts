// Packs a list of JSON values into columns for the trip between main and the page: each key once, each string once
// (front-coded), a few distinct strings and booleans as a character each. A 4,094-match bracket crosses as ~0.3 MB
// instead of 3 MB; the page builds it back in plain loops over what JSON.parse made.
// Lossless for what JSON carries (keys in their order, absent keys, nulls, `__proto__` as a plain key).

export const PACKED_FORMAT = 'columns/1'

/** A packed list: `unpackList` gives back the list as JSON would. */
export interface PackedList {
  packed: typeof PACKED_FORMAT
  count: number
  /** Per string of the table, how many leading characters it shares with the one before, as one character. */
  prefixes: string
  /** Per string of the table, what follows the shared part. */
  suffixes: string[]
  root: Column
}

/**
 * One value per row of the list (or of the part of it the column belongs to):
 * - `z` nulls only;
 * - `n` numbers or nulls;
 * - `b` booleans or nulls, a character each;
 * - `e` a few distinct strings or nulls, a character each, naming one of `dict`;
 * - `s` strings or nulls: each the distance in the string table from the column's string before;
 * - `a` arrays or nulls: their lengths (null: a null array), their items one column;
 * - `o` objects or nulls: a character each naming its shape (its keys in order; `rows` absent when every row has the
 *   first shape), one column per key over the rows that have it;
 * - `j` anything else (a column mixing kinds), as it is.
 */
export type Column =
  | { k: 'z' }
  | { k: 'n'; v: (number | null)[] }
  | { k: 'b'; v: string }
  | { k: 'e'; dict: string[]; v: string }
  | { k: 's'; v: (number | null)[] }
  | { k: 'a'; len: (number | null)[]; items: Column }
  | { k: 'o'; keys: string[]; shapes: number[][]; rows?: string; cols: Column[] }
  | { k: 'j'; v: unknown[] }

/** The characters that name a dictionary entry or a shape: printable ASCII from `#` that JSON writes as itself (not `\`). */
const CODES = Array.from({ length: 126 - 35 + 1 }, (_, i) => String.fromCharCode(35 + i)).filter((c) => c !== '\\')
/** A code's character (its char code) → its number; -1 for characters that name nothing. */
const CODE_OF = new Int16Array(128).fill(-1)
CODES.forEach((c, i) => (CODE_OF[c.charCodeAt(0)] = i))
const NULL_CODE = '!'
const NULL_CHAR = NULL_CODE.charCodeAt(0)
/** A null row's shape, when unpacking (shapes are at most CODES.length). */
const NULL_ROW = 255
/** Shared prefixes are counted up to this many characters, written as the character PREFIX_ZERO + n. */
const PREFIX_MAX = 40
const PREFIX_ZERO = 48

const NUMBER = 1
const STRING = 2
const BOOLEAN = 4
const OBJECT = 8
const ARRAY = 16
const OTHER = 32

function kindOf(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return NUMBER
    case 'string':
      return STRING
    case 'boolean':
      return BOOLEAN
    case 'object':
      return Array.isArray(value) ? ARRAY : OBJECT
    default:
      return OTHER
  }
}

/** Whether JSON writes a value at all (undefined, functions and symbols it leaves out, or writes as null in a list). */
const isWritten = (value: unknown) => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol'

/** What JSON makes of a value in a list: undefined, functions and symbols become null, as do NaN and ±Infinity. */
function asJson(value: unknown): unknown {
  if (!isWritten(value)) return null
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  return value
}

/** The keys JSON writes for an object: its own enumerable ones whose value is not undefined (nor a function). */
function jsonKeys(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value)
  return keys.every((key) => isWritten(value[key])) ? keys : keys.filter((key) => isWritten(value[key]))
}

export function packList(items: readonly unknown[]): PackedList {
  const table: string[] = []
  const indexes = new Map<string, number>()
  const intern = (text: string) => {
    let index = indexes.get(text)
    if (index === undefined) {
      index = table.length
      table.push(text)
      indexes.set(text, index)
    }
    return index
  }

  const column = (values: unknown[]): Column => {
    let kinds = 0
    for (let i = 0; i < values.length; i++) {
      const value = asJson(values[i])
      values[i] = value
      if (value !== null) kinds |= kindOf(value)
    }
    switch (kinds) {
      case 0:
        return { k: 'z' }
      case NUMBER:
        return { k: 'n', v: values as (number | null)[] }
      case BOOLEAN:
        return { k: 'b', v: values.map((v) => (v === null ? NULL_CODE : v ? '1' : '0')).join('') }
      case STRING:
        return strings(values as (string | null)[])
      case ARRAY:
        return arrays(values as (unknown[] | null)[])
      case OBJECT:
        return objects(values as (Record<string, unknown> | null)[]) ?? { k: 'j', v: values }
      default:
        return { k: 'j', v: values }
    }
  }

  const strings = (values: (string | null)[]): Column => {
    const dict: string[] = []
    const codes = new Map<string, string>()
    for (const value of values) {
      if (value === null || codes.has(value)) continue
      if (dict.length === CODES.length) break
      codes.set(value, CODES[dict.length]!)
      dict.push(value)
    }
    if (codes.size < CODES.length || values.every((v) => v === null || codes.has(v)))
      return { k: 'e', dict, v: values.map((v) => (v === null ? NULL_CODE : codes.get(v)!)).join('') }
    let before = 0
    const steps = values.map((value) => {
      if (value === null) return null
      const index = intern(value)
      const step = index - before
      before = index
      return step
    })
    return { k: 's', v: steps }
  }

  const arrays = (values: (unknown[] | null)[]): Column => {
    const items: unknown[] = []
    const lengths = values.map((value) => {
      if (value === null) return null
      for (const item of value) items.push(item)
      return value.length
    })
    return { k: 'a', len: lengths, items: column(items) }
  }

  const objects = (values: (Record<string, unknown> | null)[]): Column | undefined => {
    const keys: string[] = []
    const keyIndex = new Map<string, number>()
    const shapes: number[][] = []
    const shapeIndex = new Map<string, number>()
    const cols: unknown[][] = []
    const rows: string[] = []
    let oneShape = true
    for (const value of values) {
      if (value === null) {
        rows.push(NULL_CODE)
        oneShape = false
        continue
      }
      const own = jsonKeys(value)
      const signature = JSON.stringify(own)
      let shape = shapeIndex.get(signature)
      if (shape === undefined) {
        if (shapes.length === CODES.length) return undefined
        shape = shapes.length
        shapeIndex.set(signature, shape)
        shapes.push(
          own.map((key) => {
            let index = keyIndex.get(key)
            if (index === undefined) {
              index = keys.length
              keys.push(key)
              keyIndex.set(key, index)
              cols.push([])
            }
            return index
          }),
        )
      }
      if (shape !== 0) oneShape = false
      rows.push(CODES[shape]!)
      const order = shapes[shape]!
      for (let i = 0; i < own.length; i++) cols[order[i]!]!.push(value[own[i]!])
    }
    return {
      k: 'o',
      keys,
      shapes,
      ...(!oneShape && { rows: rows.join('') }),
      cols: cols.map((values) => column(values)),
    }
  }

  const root = column([...items])
  const prefixes: string[] = []
  const suffixes: string[] = []
  let previous = ''
  for (const text of table) {
    const most = Math.min(text.length, previous.length, PREFIX_MAX)
    let shared = 0
    while (shared < most && text.charCodeAt(shared) === previous.charCodeAt(shared)) shared++
    prefixes.push(String.fromCharCode(PREFIX_ZERO + shared))
    suffixes.push(text.slice(shared))
    previous = text
  }
  return { packed: PACKED_FORMAT, count: items.length, prefixes: prefixes.join(''), suffixes, root }
}

export function isPackedList(value: unknown): value is PackedList {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { packed?: unknown }).packed === PACKED_FORMAT &&
    Array.isArray((value as { suffixes?: unknown }).suffixes)
  )
}

/** Sets a key as JSON.parse does: `__proto__` becomes an own key, not the object's prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

// The page builds a large list back while a view waits for it, often before its code is optimised: plain loops, no
// callback per value.
export function unpackList(packed: PackedList): unknown[] {
  const { prefixes, suffixes } = packed
  const table = new Array<string>(suffixes.length)
  let previous = ''
  for (let i = 0; i < table.length; i++) {
    const shared = prefixes.charCodeAt(i) - PREFIX_ZERO
    previous = shared > 0 ? previous.slice(0, shared) + suffixes[i]! : suffixes[i]!
    table[i] = previous
  }

  const column = (col: Column, count: number): unknown[] => {
    switch (col.k) {
      case 'z':
        return new Array<null>(count).fill(null)
      case 'n':
      case 'j':
        // A copy: what is handed out is the caller's to keep, not a part of the packed list.
        return col.v.slice()
      case 'b': {
        const out = new Array<boolean | null>(count)
        for (let i = 0; i < count; i++) {
          const code = col.v.charCodeAt(i)
          out[i] = code === NULL_CHAR ? null : code === 49
        }
        return out
      }
      case 'e': {
        const out = new Array<string | null>(count)
        for (let i = 0; i < count; i++) {
          const code = col.v.charCodeAt(i)
          out[i] = code === NULL_CHAR ? null : col.dict[CODE_OF[code]!]!
        }
        return out
      }
      case 's': {
        const out = new Array<string | null>(count)
        let at = 0
        for (let i = 0; i < count; i++) {
          const step = col.v[i]!
          out[i] = step === null ? null : table[(at += step)]!
        }
        return out
      }
      case 'a': {
        let total = 0
        for (let i = 0; i < count; i++) total += col.len[i] ?? 0
        const items = column(col.items, total)
        const out = new Array<unknown[] | null>(count)
        let at = 0
        for (let i = 0; i < count; i++) {
          const length = col.len[i]!
          if (length === null) {
            out[i] = null
            continue
          }
          const list = new Array<unknown>(length)
          for (let j = 0; j < length; j++) list[j] = items[at++]
          out[i] = list
        }
        return out
      }
      case 'o':
        return objects(col, count)
    }
  }

  const objects = (col: Extract<Column, { k: 'o' }>, count: number): unknown[] => {
    const { keys, shapes, rows } = col
    // Each row's shape (NULL_ROW: a null), and how many rows carry each key: the length of each key's column.
    const shapeOf = new Uint8Array(count)
    const perShape = new Array<number>(shapes.length).fill(0)
    if (rows === undefined) perShape[0] = count
    else
      for (let i = 0; i < count; i++) {
        const code = rows.charCodeAt(i)
        const shape = code === NULL_CHAR ? NULL_ROW : CODE_OF[code]!
        shapeOf[i] = shape
        if (shape !== NULL_ROW) perShape[shape]!++
      }
    const carrying = new Array<number>(keys.length).fill(0)
    for (let s = 0; s < shapes.length; s++) for (const key of shapes[s]!) carrying[key]! += perShape[s]!
    const values = col.cols.map((inner, key) => column(inner, carrying[key]!))
    const out = new Array<Record<string, unknown> | null>(count)
    for (let i = 0; i < count; i++) out[i] = shapeOf[i] === NULL_ROW ? null : {}
    if (shapes.length === 1) {
      // One shape (the usual list): each key's values go to every row, one key at a time, in the shape's order. The
      // same name added to objects of the same shape is what the engine does fastest; adding each row's keys one
      // after the other was most of the time spent here.
      for (const key of shapes[0]!) {
        const name = keys[key]!
        const column = values[key]!
        const plain = name !== '__proto__'
        for (let i = 0, at = 0; i < count; i++) {
          const row = out[i]
          if (!row) continue
          if (plain) row[name] = column[at++]
          else put(row, name, column[at++])
        }
      }
      return out
    }
    const cursors = new Array<number>(keys.length).fill(0)
    for (let i = 0; i < count; i++) {
      const row = out[i]
      if (!row) continue
      for (const key of shapes[shapeOf[i]!]!) put(row, keys[key]!, values[key]![cursors[key]!++])
    }
    return out
  }

  return column(packed.root, packed.count)
}
