// What the Venue view says of the sharing beside its state: what other desks wrote that counted for nothing, in
// words, by desk, and who runs which stream, by desk.
import type { SharingState } from '../../../shared/venue/sharing'
import type { Refusal } from './record-index'
import type { VenueRecord } from './venue-record'

/** What a desk of the venue may be refused for, in words for the Venue view. */
const REFUSAL_WORDS: Record<Refusal, string> = {
  malformed: 'did not read',
  oversized: 'too large',
  signature: 'not signed by the desk they name',
  'not in the venue': 'written while out of the venue',
  'no right': 'beyond the desk’s role',
  'ahead of time': 'stamped ahead of the clock',
}

/** What other desks wrote that counted for nothing, in words, by desk (at most 50 desks). */
export function refusedInWords(record: VenueRecord): SharingState['refused'] {
  return record
    .refused()
    .slice(0, 50)
    .map(({ name, reasons }) => {
      const said = Object.entries(reasons).map(([reason, n]) => `${n} ${REFUSAL_WORDS[reason as Refusal]}`)
      const count = Object.values(reasons).reduce((sum, n) => sum + (n ?? 0), 0)
      return { desk: name.slice(0, 80), count, why: said.join(', ').slice(0, 300) }
    })
}

/** Who runs which stream, by desk: this desk first, then the others by name. */
export function streamsByDesk(
  record: VenueRecord,
  streamName?: (streamId: string) => string | undefined,
): SharingState['desks'] {
  const view = record.view()
  const byDesk = new Map<string, string[]>()
  for (const [streamId, deskId] of view.runners) {
    const name = streamName?.(streamId)
    if (name) byDesk.set(deskId, [...(byDesk.get(deskId) ?? []), name])
  }
  return [...byDesk]
    .map(([deskId, streams]) => ({
      name: (view.names.get(deskId) ?? 'another desk').slice(0, 80),
      you: deskId === record.deskId,
      streams: streams.sort((a, b) => a.localeCompare(b)),
    }))
    .sort((a, b) => Number(b.you) - Number(a.you) || a.name.localeCompare(b.name))
}
