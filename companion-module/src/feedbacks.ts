// The module's feedbacks: a button lights up while its stream is on air, held, shows technical difficulties, has changes
// waiting, shows the break scene, plays an instant replay, has lost its OBS, or has an undecided match next; or while a station's call is under a
// minute or late.
import type { CompanionFeedbackDefinitions, DropdownChoice } from '@companion-module/base'
import type { ShowState } from './show-state.js'
import { rgb } from './colours.js'
import { optionText } from './options.js'

/** Under this many seconds left, a station's call shows as nearly out. */
export const CALL_SOON_S = 60

export const streamChoices = (show: ShowState): DropdownChoice[] =>
  show.streamList().map((state) => ({ id: state.streamId, label: state.feed.stream.name }))

export const stationChoices = (show: ShowState): DropdownChoice[] =>
  show.stations().map((seen) => ({
    id: `${seen.tournamentId}/${seen.station.number}`,
    label: show.floors.size > 1 ? `${seen.tournament}: ${seen.station.name}` : seen.station.name,
  }))

export function feedbackDefinitions(show: ShowState): CompanionFeedbackDefinitions {
  const streams = streamChoices(show)
  const stations = stationChoices(show)
  const streamOption = [
    { type: 'dropdown' as const, id: 'stream', label: 'Stream', choices: streams, default: streams[0]?.id ?? '' },
  ]
  const stationOption = [
    { type: 'dropdown' as const, id: 'station', label: 'Station', choices: stations, default: stations[0]?.id ?? '' },
  ]
  const ofStream = (test: (streamId: string) => boolean) => (feedback: { options: Record<string, unknown> }) =>
    test(optionText(feedback.options, 'stream'))
  const callLeft = (feedback: { options: Record<string, unknown> }): number | null => {
    const [tournamentId = '', number] = optionText(feedback.options, 'station').split('/')
    const station = show.floors.get(tournamentId)?.stations.find((s) => String(s.number) === number)
    return station ? show.dqSecondsLeft(tournamentId, station) : null
  }
  const red = { bgcolor: rgb(204, 0, 0), color: rgb(255, 255, 255) }
  const amber = { bgcolor: rgb(255, 170, 0), color: rgb(0, 0, 0) }
  return {
    on_air: {
      type: 'boolean',
      name: 'Stream: a match is on air',
      defaultStyle: red,
      options: streamOption,
      callback: ofStream((id) => Boolean(show.streams.get(id)?.onAir)),
    },
    held: {
      type: 'boolean',
      name: 'Stream: held (the service’s changes wait)',
      defaultStyle: amber,
      options: streamOption,
      callback: ofStream((id) => show.streams.get(id)?.held === true),
    },
    difficulties: {
      type: 'boolean',
      name: 'Stream: technical difficulties on air',
      defaultStyle: red,
      options: streamOption,
      callback: ofStream((id) => show.streams.get(id)?.difficulties === true),
    },
    sequence: {
      type: 'boolean',
      name: 'Stream: a show sequence is running',
      defaultStyle: amber,
      options: streamOption,
      callback: ofStream((id) => Boolean(show.streams.get(id)?.sequence)),
    },
    staged: {
      type: 'boolean',
      name: 'Stream: changes wait to be applied',
      defaultStyle: amber,
      options: streamOption,
      callback: ofStream((id) => {
        const state = show.streams.get(id)
        return Boolean(state?.held && state.staged.length > 0)
      }),
    },
    replay: {
      type: 'boolean',
      name: 'Stream: an instant replay is on air (or being saved, or waits for the release)',
      defaultStyle: { bgcolor: rgb(0, 153, 51), color: rgb(255, 255, 255) },
      options: streamOption,
      callback: ofStream((id) => {
        const phase = show.obs.get(id)?.replay?.phase
        return phase !== undefined && phase !== 'idle'
      }),
    },
    break_live: {
      type: 'boolean',
      name: 'Stream: OBS shows the break scene',
      defaultStyle: { bgcolor: rgb(0, 102, 204), color: rgb(255, 255, 255) },
      options: streamOption,
      callback: ofStream((id) => {
        const obs = show.obs.get(id)
        const scene = obs?.settings?.breakScene
        return Boolean(scene && obs.programScene === scene)
      }),
    },
    obs_disconnected: {
      type: 'boolean',
      name: 'Stream: its OBS is not connected',
      defaultStyle: { bgcolor: rgb(102, 0, 0), color: rgb(255, 255, 255) },
      options: streamOption,
      callback: ofStream((id) => {
        const link = show.obs.get(id)?.link
        return link === 'connecting' || link === 'reconnecting'
      }),
    },
    next_undecided: {
      type: 'boolean',
      name: 'Stream: its next match still waits for its opponents',
      defaultStyle: amber,
      options: streamOption,
      callback: ofStream((id) => {
        const next = show.streams.get(id)?.feed.next[0]
        return next !== undefined && !next.decided
      }),
    },
    call_soon: {
      type: 'boolean',
      name: `Station: its call has under ${CALL_SOON_S} s left`,
      defaultStyle: amber,
      options: stationOption,
      callback: (feedback) => {
        const left = callLeft(feedback)
        return left !== null && left > 0 && left < CALL_SOON_S
      },
    },
    call_late: {
      type: 'boolean',
      name: 'Station: its called players are late',
      defaultStyle: red,
      options: stationOption,
      callback: (feedback) => {
        const left = callLeft(feedback)
        return left === 0
      },
    },
  }
}
