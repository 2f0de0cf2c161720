// Presets for each stream, so a new user has a working page in a minute: on air (names and score), Take next, Hold
// and Release with their feedback, Apply with the count waiting, +1 for each side showing its name and score.
import type { CompanionPresetDefinitions } from '@companion-module/base'
import type { ShowState } from './show-state.js'
import { streamKey } from './variables.js'
import { rgb } from './colours.js'

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
    ) => ({
      type: 'button' as const,
      category,
      name,
      style: { text, size: 'auto' as const, color: white, bgcolor: black },
      feedbacks: feedback ? [{ feedbackId: feedback.feedbackId, options: { stream: id }, style: feedback.style }] : [],
      steps: [
        { down: action ? [{ actionId: action.actionId, options: { stream: id, ...action.options } }] : [], up: [] },
      ],
    })
    const red = { bgcolor: rgb(204, 0, 0), color: white }
    const amber = { bgcolor: rgb(255, 170, 0), color: black }
    presets[`${key}_on_air`] = button(
      'On air',
      `${variable('left_name')}\\n${variable('left_score')} – ${variable('right_score')}\\n${variable('right_name')}`,
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
    presets[`${key}_hold`] = button('Hold', 'HOLD', { actionId: 'hold' }, { feedbackId: 'held', style: amber })
    presets[`${key}_release`] = button('Release', 'RELEASE', { actionId: 'release' }, null)
    presets[`${key}_sequence_skip`] = button(
      'Fast-forward the sequence',
      `SEQUENCE\\n${variable('sequence')}`,
      { actionId: 'sequence', options: { command: 'fast-forward' } },
      { feedbackId: 'sequence', style: amber },
    )
    presets[`${key}_game_start`] = button(
      'Game start',
      'GAME\\nSTART',
      { actionId: 'sequence', options: { command: 'game-start' } },
      null,
    )
    presets[`${key}_difficulties`] = button(
      'Technical difficulties',
      'TECH\\nDIFFICULTIES',
      { actionId: 'difficulties', options: { key: 'toggle' } },
      { feedbackId: 'difficulties', style: red },
    )
    presets[`${key}_apply`] = button(
      'Apply',
      `APPLY\\n${variable('staged')} waiting`,
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
    presets[`${key}_swap`] = button('Swap sides', 'SWAP', { actionId: 'swap' }, null)
    presets[`${key}_undo`] = button('Undo', 'UNDO', { actionId: 'undo' }, null)
    presets[`${key}_break`] = button(
      'Break scene',
      'BREAK',
      { actionId: 'break' },
      { feedbackId: 'break_live', style: { bgcolor: rgb(0, 102, 204), color: white } },
    )
  }
  return presets
}
