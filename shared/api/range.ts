// The Range / Content-Range protocol of list endpoints: units, per-unit maxima, building and parsing headers.
import { LIMITS } from './limits'

export const RANGE_UNITS = ['participants', 'stages', 'streams', 'disciplines', 'tournaments', 'nodes'] as const
export type RangeUnit = (typeof RANGE_UNITS)[number]

export function rangeMax(unit: RangeUnit): number {
  return unit === 'nodes' ? LIMITS.rangeMaxNodes : LIMITS.rangeMax
}

export interface ItemRange {
  first: number
  last: number
}

export interface ContentRange extends ItemRange {
  unit: string
  total: number
}

export function buildRange(unit: RangeUnit, first: number, last: number): string {
  return `${unit}=${first}-${last}`
}

export type RangeParse = { ok: true; range: ItemRange } | { ok: false; status: 400 | 416; message: string }

/** Reads a Range header for `unit`, refusing what the public service refuses (see docs/ARCHITECTURE.md, "What the service does where the interface is silent"). */
export function parseRange(header: string | undefined, unit: RangeUnit): RangeParse {
  if (header === undefined || header === '') {
    return { ok: false, status: 400, message: `the Range header is required (${unit}=first-last)` }
  }
  const match = /^([a-z]+)=(\d+)-(\d+)$/.exec(header.trim())
  if (!match || match[1] !== unit) {
    return { ok: false, status: 400, message: `the Range header must be of the form ${unit}=first-last` }
  }
  const first = Number(match[2])
  const last = Number(match[3])
  if (first > last) {
    return { ok: false, status: 416, message: `the range ${first}-${last} starts after it ends` }
  }
  const max = rangeMax(unit)
  if (last - first + 1 > max) {
    return { ok: false, status: 416, message: `a range of ${unit} holds at most ${max} items` }
  }
  return { ok: true, range: { first, last } }
}

export function formatContentRange(unit: RangeUnit, first: number, last: number, total: number): string {
  return `${unit} ${first}-${last}/${total}`
}

/** Reads `unit first-last/total`; returns undefined for anything else. */
export function parseContentRange(header: string | null | undefined): ContentRange | undefined {
  if (!header) return undefined
  const match = /^([a-z]+) (\d+)-(\d+)\/(\d+)$/.exec(header.trim())
  if (!match) return undefined
  return { unit: match[1]!, first: Number(match[2]), last: Number(match[3]), total: Number(match[4]) }
}
