// The stream desk: a match takes at most 32 streams — the 33rd is refused before anything is sent.
import { render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, calls } from '../test-support/fake-api'
import { selection } from '../lib/selection.svelte'
import StreamDeskView from './StreamDeskView.svelte'

const opponent = (number: number, name: string) => ({
  number,
  position: number,
  result: null,
  rank: null,
  forfeit: false,
  score: null,
  source_type: 'none',
  source_node_id: null,
  participant: { id: name, name, custom_user_identifier: null, custom_fields: {} },
})
const node = {
  id: 'm1',
  tournament_id: 't1',
  stage_id: 's',
  group_id: 'g',
  round_id: 'r',
  number: 1,
  type: 'duel',
  status: 'running',
  scheduled_datetime: null,
  played_at: null,
  depth: 1,
  branch: 'wb',
  opponents: [opponent(1, 'Ana'), opponent(2, 'Bo')],
}
const streams = Array.from({ length: 33 }, (_, i) => ({
  id: `s${i}`,
  tournament_id: 't1',
  name: `Cam ${i}`,
  url: `https://x.tv/${i}`,
  language: 'en',
}))

beforeEach(() => {
  selection.choose({ id: 't1', name: 'Cup', participantType: 'single' })
  answer('bracket:nodes', () => ({ items: [node], refreshedAt: Date.now() }))
  answer('streams:list', () => ({ items: streams, refreshedAt: Date.now() }))
  answer('participants:list', () => ({ items: [], refreshedAt: Date.now() }))
  answer('match-streams:of-tournament', () => ({ m1: [] }))
  answer('match-streams:replace', ({ streamIds }: { streamIds: string[] }) => ({
    state: 'pending',
    value: { matchId: 'm1', streamIds },
  }))
})

describe('stream desk', () => {
  it('counts links up to 32, refuses the 33rd with a clear message, and saves the 32', async () => {
    render(StreamDeskView)
    const user = userEvent.setup()
    const match = await screen.findByTestId('desk-match')
    await user.click(within(match).getByRole('button', { name: 'Link streams' }))
    const boxes = within(match).getAllByRole('checkbox')
    for (const box of boxes.slice(0, 32)) await user.click(box)
    expect(within(match).getByTestId('link-count').textContent).toBe('32 / 32')
    await user.click(boxes[32]!)
    expect(within(match).getByRole('alert').textContent).toMatch(/at most 32 streams/)
    expect((boxes[32] as HTMLInputElement).checked).toBe(false)
    expect(within(match).getByTestId('link-count').textContent).toBe('32 / 32')
    await user.click(within(match).getByRole('button', { name: 'Save links' }))
    const saved = calls.find((c) => c.channel === 'match-streams:replace')!.input as { streamIds: string[] }
    expect(saved.streamIds).toHaveLength(32)
    expect(within(await screen.findByTestId('desk-match')).getAllByText(/^Cam /)).toHaveLength(32)
  })

  it('puts each stream’s running matches in its queue with the call-to-stream mark when both are checked in', async () => {
    answer('match-streams:of-tournament', () => ({ m1: ['s0'] }))
    answer('participants:list', () => ({
      items: [
        { id: 'Ana', name: 'Ana', checked_in: true },
        { id: 'Bo', name: 'Bo', checked_in: true },
      ],
      refreshedAt: Date.now(),
    }))
    render(StreamDeskView)
    const queues = await screen.findAllByTestId('queue')
    await within(queues[0]!).findByText('call to stream')
    expect(within(queues[0]!).getByText(/1 match$/)).toBeTruthy()
  })
})
