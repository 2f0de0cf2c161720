// Handlers of broadcast:*: the producer's desk (take, next, order, hold, apply), what each stream publishes, and its VOD
// chapters.
import type { BroadcastDesk } from '../broadcast/broadcast-desk'
import type { OnAirRecord } from '../broadcast/on-air-record'
import type { SequenceRunner } from '../broadcast/sequence-runner'
import type { ActiveWork } from '../services/connections'
import type { HandlersOf } from './dispatch'
import { pickImageUrl } from '../broadcast/pick-images'
import type { PickImageRow } from '../store/pick-lists'

/** The items that have an image, as the desk lists them. */
const imageItems = (rows: PickImageRow[]) =>
  rows.map((row) => ({ list: row.list, item: row.item, url: pickImageUrl(row) }))

export interface BroadcastPorts {
  desk: BroadcastDesk
  /** What went on air, for VOD chapters. */
  record: OnAirRecord
  /** The show sequences running. */
  sequences: SequenceRunner
  /** The hub's base address ("" when no hub runs, as in most tests). */
  hubUrl: () => string
}

export function broadcastHandlers(
  { desk, record, sequences, hubUrl }: BroadcastPorts,
  active: ActiveWork,
): HandlersOf<'broadcast'> {
  const store = () => active.session().sequences
  return {
    'broadcast:status': ({ tournamentId }) => ({ hub: hubUrl(), streams: desk.status(tournamentId) }),
    'broadcast:feed': ({ streamId }) => desk.feed(streamId),
    'broadcast:take': ({ streamId, matchId, undecided }) => desk.take(streamId, matchId, undecided),
    'broadcast:next': ({ streamId }) => desk.next(streamId),
    'broadcast:order': ({ streamId, matchIds }) => desk.order(streamId, matchIds),
    'broadcast:hold': ({ streamId, held }) => desk.hold(streamId, held),
    'broadcast:difficulties': ({ streamId, down }) => desk.difficulties(streamId, down),
    'broadcast:apply': ({ streamId, matchId, field }) => desk.apply(streamId, matchId, field),
    'broadcast:casters': ({ streamId, casters }) => desk.casters(streamId, casters),
    'broadcast:live': ({ streamId, press }) => desk.live(streamId, press, 'desk'),
    'broadcast:undo': ({ streamId }) => desk.undo(streamId),
    'broadcast:take-over': ({ streamId }) => desk.takeOver(streamId),
    'broadcast:scores': ({ streamId, scores }) => desk.scoreSource(streamId, scores),
    'broadcast:pick-lists': ({ tournamentId }) => desk.picks.lists(tournamentId),
    'broadcast:set-pick-lists': ({ tournamentId, lists }) => desk.picks.setLists(tournamentId, lists),
    'broadcast:pick-images': ({ tournamentId }) => imageItems(desk.picks.images(tournamentId)),
    'broadcast:set-pick-image': ({ tournamentId, ...change }) => imageItems(desk.picks.setImage(tournamentId, change)),
    'broadcast:sequences': ({ streamId }) => store().of(desk.streamOf(streamId).id),
    'broadcast:set-sequence': ({ streamId, event, steps }) => {
      const id = desk.streamOf(streamId).id
      store().set(id, event, steps)
      return store().of(id)
    },
    'broadcast:sequence': ({ streamId, command }) => {
      sequences.command(desk.streamOf(streamId).id, command)
      return desk.refresh(streamId)
    },
    'broadcast:chapters': ({ streamId }) => record.chapters(streamId),
    'broadcast:mark-start': ({ streamId }) => record.markStart(streamId),
  }
}
