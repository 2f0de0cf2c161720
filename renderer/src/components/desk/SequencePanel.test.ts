// A stream's show sequences in its column: the run's next step counted down, paused while held, fast-forward and
// cancel; each event's steps edited as lines, saved, back to the defaults, a wrong line named under its field.
import { render, screen, waitFor } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_SEQUENCES } from '../../../../shared/broadcast/show-sequence'
import type { ProducerDesk } from '../../lib/desks/producer-desk.svelte'
import { answer, calls } from '../../test-support/fake-api'
import SequencePanel from './SequencePanel.svelte'

const producer = (sequence = vi.fn(async () => true)) =>
  ({ sequence }) as unknown as ProducerDesk & { sequence: typeof sequence }

describe('sequence panel', () => {
  it('says what comes next and when, and fast-forwards or cancels', async () => {
    const user = userEvent.setup()
    const desk = producer()
    const { rerender } = render(SequencePanel, {
      producer: desk,
      streamId: 's1',
      streamName: 'Main stage',
      running: { event: 'game-start', next: 'hide casters', dueAt: Date.now() + 9_500, left: 1, paused: false },
    })
    expect(screen.getByTestId('sequence-running').textContent).toMatch(
      /Game start\s*· next: hide casters in 10 s\s*\(1 left\)/,
    )
    await user.click(screen.getByRole('button', { name: 'Fast-forward' }))
    await user.click(screen.getByRole('button', { name: 'Cancel sequence' }))
    expect(desk.sequence.mock.calls).toEqual([
      ['s1', 'fast-forward'],
      ['s1', 'cancel'],
    ])
    await rerender({ running: { event: 'take', next: 'show casters', dueAt: null, left: 2, paused: true } })
    expect(screen.getByTestId('sequence-running').textContent).toMatch(/Take\s*· paused while held/)
    await rerender({ running: null })
    expect(screen.queryByTestId('sequence-running')).toBeNull()
  })

  it('edits an event’s steps: a wrong line is named, a good one kept, the defaults back on asking', async () => {
    const user = userEvent.setup()
    answer('broadcast:sequences', () => DEFAULT_SEQUENCES)
    answer('broadcast:set-sequence', ({ event, steps }: { event: string; steps: unknown[] | null }) => ({
      ...DEFAULT_SEQUENCES,
      [event]: steps ?? DEFAULT_SEQUENCES[event as keyof typeof DEFAULT_SEQUENCES],
    }))
    render(SequencePanel, { producer: producer(), streamId: 's1', streamName: 'Main stage', running: null })
    await user.click(screen.getByText('Show sequences'))
    const take = await screen.findByLabelText('Take')
    expect((take as HTMLTextAreaElement).value).toBe('+0 scene match\n+1.5 show scoreboard\n+2 show casters')
    await user.clear(take)
    await user.type(take, '+1 show scoreboard{enter}then hide casters')
    await user.click(screen.getByRole('button', { name: 'Save take' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^line 2 \(“then hide casters”\): write it as/)
    expect(calls.some((c) => c.channel === 'broadcast:set-sequence')).toBe(false)
    await user.clear(take)
    await user.type(take, '+3 hide casters{enter}+1 show scoreboard')
    await user.click(screen.getByRole('button', { name: 'Save take' }))
    await waitFor(() => expect((take as HTMLTextAreaElement).value).toBe('+1 show scoreboard\n+3 hide casters'))
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(screen.getAllByRole('button', { name: 'Defaults' })[0]!)
    await waitFor(() => expect((take as HTMLTextAreaElement).value).toMatch(/^\+0 scene match/))
  })
})
