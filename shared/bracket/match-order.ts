// The order matches are worked through: running first, then by scheduled time, then in bracket order.
import type { BracketNode } from '../api'

/** Orders ids as the service issues them: numeric ids by value, others as text. */
export function byServiceId(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
  return a < b ? -1 : a > b ? 1 : 0
}

export function matchOrder(a: BracketNode, b: BracketNode): number {
  return (
    Number(b.status === 'running') - Number(a.status === 'running') ||
    (a.scheduled_datetime ?? '9999').localeCompare(b.scheduled_datetime ?? '9999') ||
    byServiceId(a.stage_id, b.stage_id) ||
    byServiceId(a.group_id, b.group_id) ||
    byServiceId(a.round_id, b.round_id) ||
    a.number - b.number
  )
}
