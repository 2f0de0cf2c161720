// A stream's state as Companion is told it, by the event stream and by every stream action's answer alike: the desk's
// state with its OBS fields (names, scores, round, up next, countdown… in the tournament's language).
import type { StreamState } from '../../../shared/broadcast/feed'
import { obsFields } from '../broadcast/obs-fields'

export const withFields = (state: StreamState) => ({ ...state, fields: obsFields(state.feed, Date.now()) })
