// What a stream's tablet sees of the desk (the hub adds its OBS's replay): the on-air match as the room's layer has it
// (a held stream's waiting edits counted, so a scorekeeper sees what they pressed), the key, the casters and the
// discipline's lists.
import type { Stream } from '../../../shared/api'
import type { Feed } from '../../../shared/broadcast/feed'
import type { PickLists } from '../../../shared/broadcast/live-layer'
import type { TabletView } from '../../../shared/venue/tablet'
import type { DeskRow } from '../store/producer-store'
import { stagedChanges, waitingEdits } from './hold'

export function tabletViewOf(parts: {
  device: TabletView['device']
  stream: Stream
  current: Feed
  desk: Pick<DeskRow, 'scores' | 'held' | 'difficulties'>
  shown: Feed | undefined
  lists: PickLists
}): Omit<TabletView, 'replay'> {
  const { device, stream, current, desk, shown, lists } = parts
  return {
    device,
    stream: { id: stream.id, name: stream.name },
    onAir: current.onAir,
    scores: desk.scores,
    held: desk.held,
    difficulties: desk.difficulties,
    waiting: desk.held && shown ? waitingEdits(stagedChanges(shown, current)) : 0,
    casters: current.casters,
    lists,
  }
}
