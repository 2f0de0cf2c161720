// Presets for each stream, so a new user has a working page in a minute: on air (names and score), Take next, Hold
// and Release with their feedback, instant replay (and at half speed) lit while one plays, Apply with the count waiting, +1 for each side showing its name and score. A key of
// fixed words has a fixed text size they fit on a 72-pixel key at (Companion's 'auto' split one-word keys mid-word:
// "RELE/ASE"; `KEY_CHARACTERS` says how many characters a line holds at each size); a key that shows names, whose
// length nobody knows, lets Companion size it ('auto').
import type { CompanionPresetDefinitions } from '@companion-module/base'
import type { ShowState } from './show-state.js'
import { streamKey } from './variables.js'
import { rgb } from './colours.js'

/** How many characters of Companion's font fit on one line of a 72-pixel key at each text size. */
export const KEY_CHARACTERS = { 7: 14, 14: 7, 18: 5, 24: 4 } as const
type KeySize = keyof typeof KEY_CHARACTERS

const black = rgb(0, 0, 0)
const white = rgb(255, 255, 255)

export function presetDefinitions(show: ShowState, label: string): CompanionPresetDefinitions {
  const presets: CompanionPresetDefinitions = {}
  for (const state of show.streamList()) {
    const id = state.streamId
    const key = streamKey(id)
    const variable = (name: string) => `$(${label}:${key}_${name})`
    const category = `Stream: ${state.feed.stream.name}`
    const button = (
      name: string,
      text: string,
      action: { actionId: string; options?: Record<string, unknown> } | null,
      feedback: { feedbackId: string; style: Record<string, number> } | null,
      size: KeySize | 'auto' = 'auto',
    ) => ({
      type: 'button' as const,
      category,
      name,
      style: { text, size, color: white, bgcolor: black },
      feedbacks: feedback ? [{ feedbackId: feedback.feedbackId, options: { stream: id }, style: feedback.style }] : [],
      steps: [
        { down: action ? [{ actionId: action.actionId, options: { stream: id, ...action.options } }] : [], up: [] },
      ],
    })
    const red = { bgcolor: rgb(204, 0, 0), color: white }
    const amber = { bgcolor: rgb(255, 170, 0), color: black }
    presets[`${key}_on_air`] = button(
      'On air',
      `${variable('left_name')}\\n${variable('score_line')}\\n${variable('right_name')}`,
      null,
      { feedbackId: 'on_air', style: red },
    )
    presets[`${key}_take_next`] = button(
      'Take next',
      `TAKE NEXT\\n${variable('up_next')}`,
      { actionId: 'take_next' },
      {
        feedbackId: 'next_undecided',
        style: amber,
      },
    )
    presets[`${key}_hold`] = button('Hold', 'HOLD', { actionId: 'hold' }, { feedbackId: 'held', style: amber }, 24)
    presets[`${key}_release`] = button('Release', 'RELEASE', { actionId: 'release' }, null, 14)
    presets[`${key}_sequence_skip`] = button(
      'Fast-forward the sequence',
      `SKIP\\n${variable('sequence')}`,
      { actionId: 'sequence', options: { command: 'fast-forward' } },
      { feedbackId: 'sequence', style: amber },
    )
    presets[`${key}_game_start`] = button(
      'Game start',
      'GAME\\nSTART',
      { actionId: 'sequence', options: { command: 'game-start' } },
      null,
      18,
    )
    presets[`${key}_difficulties`] = button(
      'Technical difficulties',
      'TECH\\nDIFF.',
      { actionId: 'difficulties', options: { key: 'toggle' } },
      { feedbackId: 'difficulties', style: red },
      18,
    )
    presets[`${key}_apply`] = button(
      'Apply',
      `APPLY\\n(${variable('staged')})`,
      { actionId: 'apply', options: { which: 'all' } },
      {
        feedbackId: 'staged',
        style: amber,
      },
    )
    for (const side of ['left', 'right'] as const)
      presets[`${key}_${side}_plus`] = button(
        `+1 ${side}`,
        `+1\\n${variable(`${side}_name`)}\\n${variable(`${side}_score`)}`,
        { actionId: 'score', options: { side, delta: '+1' } },
        null,
      )
    presets[`${key}_swap`] = button('Swap sides', 'SWAP', { actionId: 'swap' }, null, 24)
    presets[`${key}_undo`] = button('Undo', 'UNDO', { actionId: 'undo' }, null, 24)
    presets[`${key}_replay`] = button(
      'Instant replay',
      'REPLAY',
      { actionId: 'replay', options: { speed: 'stream', seconds: 0 } },
      { feedbackId: 'replay', style: { bgcolor: rgb(0, 153, 51), color: white } },
      14,
    )
    presets[`${key}_replay_slow`] = button(
      'Instant replay at half speed',
      'SLOW\\nMO',
      { actionId: 'replay', options: { speed: '50', seconds: 0 } },
      { feedbackId: 'replay', style: { bgcolor: rgb(0, 153, 51), color: white } },
      18,
    )
    presets[`${key}_break`] = button(
      'Break scene',
      'BREAK',
      { actionId: 'break' },
      { feedbackId: 'break_live', style: { bgcolor: rgb(0, 102, 204), color: white } },
      18,
    )
  }
  return presets
}
