// The module's actions, each one of the hub's control routes: take next, take a queued match, hold, release, the
// technical-difficulties key, the show sequence (fast-forward, cancel, game start), apply
// (all or the first line), an OBS scene, the break scene, an instant replay, the casters, the live score (+1/−1, a game's winner, swap,
// undo), and the floor's call next, recall station N and auto-assign. Each answer is laid over the show at once.
import type {
  CompanionActionDefinitions,
  CompanionInputFieldDropdown,
  DropdownChoice,
  SomeCompanionActionInputField,
} from '@companion-module/base'
import type { HubApi } from './hub-api.js'
import { optionText as text } from './options.js'
import type { ShowState } from './show-state.js'
import { stationChoices, streamChoices } from './feedbacks.js'

/** Games a best-of can have (the hub's limit). */
const GAMES_MAX = 9

/** What an action does with the hub's answer, and how it says a refusal. */
export interface ActionPorts {
  api: HubApi
  show: ShowState
  /** The show changed by an answer: variables and feedbacks are brought up to date. */
  changed(shape: boolean): void
  warn(message: string): void
}

type Options = Record<string, unknown>
const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/')

/** "Ana @ana (she/her); Bo" → the hub's casters (at most four; the hub refuses what does not fit, by field). */
export function castersOf(line: string): { name: string; handle: string; pronouns: string }[] {
  return line
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const pronouns = /\(([^)]*)\)\s*$/.exec(part)?.[1]?.trim() ?? ''
      const rest = part.replace(/\([^)]*\)\s*$/, '').trim()
      const handle = /(^|\s)(@\S+)$/.exec(rest)?.[2] ?? ''
      return { name: rest.slice(0, rest.length - handle.length).trim(), handle, pronouns }
    })
}

export function actionDefinitions(ports: ActionPorts): CompanionActionDefinitions {
  const { show } = ports
  const streams = streamChoices(show)
  const stations = stationChoices(show)
  const tournaments: DropdownChoice[] = [...show.floors.values()].map((f) => ({
    id: f.tournamentId,
    label: f.tournament,
  }))
  const dropdown = (
    id: string,
    label: string,
    choices: DropdownChoice[],
    extra: Partial<CompanionInputFieldDropdown> = {},
  ) => ({
    type: 'dropdown' as const,
    id,
    label,
    choices,
    default: choices[0]?.id ?? '',
    ...extra,
  })
  const stream = dropdown('stream', 'Stream', streams)
  const side = dropdown('side', 'Side (as the scoreboard shows it)', [
    { id: 'left', label: 'Left' },
    { id: 'right', label: 'Right' },
  ])
  const queued: DropdownChoice[] = show.streamList().flatMap((state) =>
    state.feed.next.map((match) => ({
      id: `${state.streamId}/${match.id}`,
      label: `${state.feed.stream.name} · ${match.label} · ${match.opponents.map((o) => o.name).join(' vs ')}`,
    })),
  )

  /** Sends one control call and lays its answer over the show. */
  const send = async (route: string, kind: 'stream' | 'obs' | 'floor', body?: unknown) => {
    try {
      const answer = await ports.api.post<unknown>(route, body)
      const applied =
        kind === 'stream' ? show.applyStream(answer) : kind === 'obs' ? show.applyObs(answer) : show.applyFloor(answer)
      if (typeof applied === 'boolean') ports.changed(applied)
      else ports.warn(`The hub answered ${applied.passedOver}`)
    } catch (error) {
      ports.warn(error instanceof Error ? error.message : String(error))
    }
  }
  const onStream = (name: string, route: string, extra: SomeCompanionActionInputField[] = []) => ({
    name,
    options: [stream, ...extra],
    callback: ({ options }: { options: Options }) =>
      send(`/control/v1/streams/${path(text(options, 'stream'))}/${route}`, 'stream'),
  })
  const onFloor = (name: string, route: string) => ({
    name,
    options: [dropdown('tournament', 'Tournament', tournaments)],
    callback: ({ options }: { options: Options }) =>
      send(`/control/v1/tournaments/${path(text(options, 'tournament'))}/floor/${route}`, 'floor'),
  })

  return {
    take_next: onStream('Take next', 'take-next'),
    take: {
      name: 'Take a queued match',
      options: [dropdown('match', 'Match (stream · match)', queued)],
      callback: ({ options }) => {
        const [streamId = '', matchId = ''] = text(options, 'match').split('/')
        return send(`/control/v1/streams/${path(streamId)}/take/${path(matchId)}`, 'stream')
      },
    },
    hold: onStream('Hold (the service’s changes wait)', 'hold'),
    sequence: {
      name: 'Show sequence: fast-forward, cancel, or start the game-start one',
      options: [
        stream,
        dropdown('command', 'Command', [
          { id: 'fast-forward', label: 'Fast-forward (run what is left now)' },
          { id: 'cancel', label: 'Cancel' },
          { id: 'game-start', label: 'Game start' },
        ]),
      ],
      callback: ({ options }) =>
        send(
          `/control/v1/streams/${path(text(options, 'stream'))}/sequence/${path(text(options, 'command'))}`,
          'stream',
        ),
    },
    difficulties: {
      name: 'Technical difficulties (the card on air, the rest held)',
      options: [
        stream,
        dropdown('key', 'Key', [
          { id: 'toggle', label: 'Toggle' },
          { id: 'on', label: 'On' },
          { id: 'off', label: 'Off (back on air)' },
        ]),
      ],
      callback: ({ options }) =>
        send(
          `/control/v1/streams/${path(text(options, 'stream'))}/difficulties/${path(text(options, 'key'))}`,
          'stream',
        ),
    },
    release: onStream('Release', 'release'),
    apply: {
      name: 'Apply the waiting changes',
      options: [
        stream,
        dropdown('which', 'Which', [
          { id: 'all', label: 'All' },
          { id: 'first', label: 'The first line' },
        ]),
      ],
      callback: ({ options }) =>
        send(
          `/control/v1/streams/${path(text(options, 'stream'))}/${text(options, 'which') === 'first' ? 'apply/first' : 'apply'}`,
          'stream',
        ),
    },
    obs_scene: {
      name: 'OBS: show a scene',
      options: [
        stream,
        dropdown(
          'scene',
          'Scene',
          [...new Set([...show.obs.values()].flatMap((o) => o.scenes))].map((s) => ({ id: s, label: s })),
          { allowCustom: true },
        ),
      ],
      callback: ({ options }) =>
        send(`/control/v1/streams/${path(text(options, 'stream'))}/scene/${path(text(options, 'scene'))}`, 'obs'),
    },
    replay: {
      name: 'OBS: instant replay (the last seconds, then back to the show)',
      options: [
        stream,
        dropdown('speed', 'Speed', [
          { id: 'stream', label: 'As the stream is set' },
          { id: '100', label: '100 %' },
          { id: '50', label: '50 % (slow motion)' },
          { id: '25', label: '25 %' },
        ]),
        {
          type: 'number' as const,
          id: 'seconds',
          label: 'Seconds before the press (0: as the stream is set)',
          default: 0,
          min: 0,
          max: 600,
        },
      ],
      callback: ({ options }) => {
        const speed = text(options, 'speed')
        const seconds = Number(options['seconds'])
        const press = {
          ...(speed !== 'stream' && speed !== '' && { speed: Number(speed) }),
          ...(Number.isInteger(seconds) && seconds > 0 && { seconds }),
        }
        return send(`/control/v1/streams/${path(text(options, 'stream'))}/replay`, 'obs', press)
      },
    },
    break: {
      name: 'OBS: show the break scene',
      options: [stream],
      callback: ({ options }) => send(`/control/v1/streams/${path(text(options, 'stream'))}/break`, 'obs'),
    },
    casters: {
      name: 'Set the casters',
      options: [
        stream,
        {
          type: 'textinput',
          id: 'casters',
          label: 'Casters, “;” between them: Name @handle (pronouns)',
          default: '',
        },
      ],
      callback: ({ options }) =>
        send(`/control/v1/streams/${path(text(options, 'stream'))}/casters`, 'stream', {
          casters: castersOf(text(options, 'casters')),
        }),
    },
    score: {
      name: 'Live score: +1 or −1',
      options: [
        stream,
        side,
        dropdown('delta', 'Change', [
          { id: '+1', label: '+1' },
          { id: '-1', label: '−1' },
        ]),
      ],
      callback: ({ options }) =>
        send(
          `/control/v1/streams/${path(text(options, 'stream'))}/score/${path(text(options, 'side'))}/${path(text(options, 'delta'))}`,
          'stream',
        ),
    },
    game_winner: {
      name: 'Live score: a game’s winner',
      options: [stream, { type: 'number', id: 'game', label: 'Game', default: 1, min: 1, max: GAMES_MAX }, side],
      callback: ({ options }) =>
        send(
          `/control/v1/streams/${path(text(options, 'stream'))}/game/${path(text(options, 'game'))}/winner/${path(text(options, 'side'))}`,
          'stream',
        ),
    },
    swap: onStream('Live score: swap sides', 'swap'),
    undo: onStream('Live score: undo the last press', 'undo'),
    call_next: onFloor('Floor: call the next match', 'call-next'),
    auto_assign: onFloor('Floor: put matches on free stations', 'auto-assign'),
    recall: {
      name: 'Floor: call or recall station N',
      options: [dropdown('station', 'Station', stations, { allowCustom: true })],
      callback: ({ options }) => {
        const [tournamentId = '', number = ''] = text(options, 'station').split('/')
        return send(`/control/v1/tournaments/${path(tournamentId)}/floor/stations/${path(number)}/recall`, 'floor')
      },
    },
  }
}
