// The module's variables: per stream the texts its OBS sources show (names, scores, games, round, up next,
// countdown… in the tournament's language), its best-of, whether it is held or has technical difficulties on air, the
// show sequence running, how many changes wait and OBS's program scene; per station its match and the seconds left before its players are late.
import type { CompanionVariableDefinition, CompanionVariableValues } from '@companion-module/base'
import type { ShowState, StationSeen } from './show-state.js'
import type { WireStream } from './wire.js'

/** The OBS fields a stream's variables carry, by the variable's name. */
const FIELD_VARIABLES = {
  left_name: ['left-name', 'left name on air'],
  right_name: ['right-name', 'right name on air'],
  left_score: ['left-score', 'left score'],
  right_score: ['right-score', 'right score'],
  left_games: ['left-games', 'left games won (pips)'],
  right_games: ['right-games', 'right games won (pips)'],
  round: ['round', 'round label'],
  up_next: ['up-next', 'next match'],
  countdown: ['countdown', 'countdown to the next match'],
} as const

/** "match-end: scene break (2 left)", "take: paused", or "" when none runs. */
function sequenceWords(sequence: WireStream['sequence']): string {
  if (!sequence) return ''
  if (sequence.paused) return `${sequence.event}: paused`
  return `${sequence.event}: ${sequence.next ?? 'done'} (${sequence.left} left)`
}

/** A stream's variable id prefix: its id, so buttons keep their stream when it is renamed. */
export const streamKey = (streamId: string) => `s${streamId.replace(/[^A-Za-z0-9-]/g, '_')}`

/** A station's variable id prefix; with its tournament's id when the hub follows several floors. */
export function stationKey(seen: StationSeen, several: boolean): string {
  return several ? `t${seen.tournamentId}_station_${seen.station.number}` : `station_${seen.station.number}`
}

export function variableDefinitions(show: ShowState): CompanionVariableDefinition[] {
  const streams = show.streamList().flatMap((state) => {
    const key = streamKey(state.streamId)
    const name = state.feed.stream.name
    return [
      { variableId: `${key}_name`, name: `${name}: stream name` },
      { variableId: `${key}_on_air`, name: `${name}: on air (names)` },
      ...Object.entries(FIELD_VARIABLES).map(([id, [, words]]) => ({
        variableId: `${key}_${id}`,
        name: `${name}: ${words}`,
      })),
      { variableId: `${key}_best_of`, name: `${name}: best of` },
      { variableId: `${key}_held`, name: `${name}: held (true/false)` },
      { variableId: `${key}_difficulties`, name: `${name}: technical difficulties on air (true/false)` },
      { variableId: `${key}_score_line`, name: `${name}: the score as one line ("2 – 1"; "vs" before any point)` },
      { variableId: `${key}_sequence`, name: `${name}: the show sequence running and its next step` },
      { variableId: `${key}_staged`, name: `${name}: changes waiting to be applied` },
      { variableId: `${key}_obs_scene`, name: `${name}: OBS program scene` },
    ]
  })
  const stations = show.stations()
  const several = show.floors.size > 1
  return [
    ...streams,
    ...stations.flatMap((seen) => {
      const key = stationKey(seen, several)
      return [
        { variableId: `${key}_match`, name: `${seen.station.name}: its match` },
        { variableId: `${key}_dq`, name: `${seen.station.name}: seconds before its called players are late` },
      ]
    }),
  ]
}

export function variableValues(show: ShowState): CompanionVariableValues {
  const values: CompanionVariableValues = {}
  for (const state of show.streamList()) Object.assign(values, streamValues(state, show))
  const several = show.floors.size > 1
  for (const seen of show.stations()) {
    const key = stationKey(seen, several)
    const match = seen.station.match
    values[`${key}_match`] = match ? match.opponents.map((o) => o.name).join(' vs ') : ''
    const left = show.dqSecondsLeft(seen.tournamentId, seen.station)
    values[`${key}_dq`] = left ?? ''
  }
  return values
}

function streamValues(state: WireStream, show: ShowState): CompanionVariableValues {
  const key = streamKey(state.streamId)
  const fields = state.fields ?? {}
  const onAir = state.feed.onAir
  const values: CompanionVariableValues = {
    [`${key}_name`]: state.feed.stream.name,
    [`${key}_on_air`]: onAir ? [fields['left-name'], fields['right-name']].filter(Boolean).join(' vs ') : '',
    [`${key}_best_of`]: onAir?.bestOf ?? '',
    [`${key}_held`]: state.held,
    [`${key}_difficulties`]: state.difficulties === true,
    [`${key}_sequence`]: sequenceWords(state.sequence),
    [`${key}_staged`]: state.held ? state.staged.length : 0,
    [`${key}_obs_scene`]: show.obs.get(state.streamId)?.programScene ?? '',
  }
  for (const [id, [field]] of Object.entries(FIELD_VARIABLES)) values[`${key}_${id}`] = fields[field] ?? ''
  values[`${key}_score_line`] = scoreLine(fields['left-score'], fields['right-score'], onAir !== null)
  return values
}

/** "2 – 1" once a side has a score; "vs" before the first point (never a lone dash between two names); "" off air. */
function scoreLine(left: string | undefined, right: string | undefined, onAir: boolean): string {
  if (!onAir) return ''
  return left || right ? `${left || '0'} – ${right || '0'}` : 'vs'
}
