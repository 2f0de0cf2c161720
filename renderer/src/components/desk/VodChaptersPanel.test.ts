// A stream's VOD chapters in its column: read when opened, the start marked (a new one only once confirmed), the list
// read again when the stream or its OBS changes, and why YouTube would not show it.
import { render, screen, waitFor } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, calls, emit } from '../../test-support/fake-api'
import VodChaptersPanel from './VodChaptersPanel.svelte'

const none = {
  startAt: null,
  chapters: [],
  text: '',
  problems: ['Mark the stream’s start when it goes live: chapters count from it.'],
  highlights: [],
}
const marked = (text: string, count: number) => ({
  startAt: Date.UTC(2026, 10, 27, 18, 0, 0),
  chapters: Array.from({ length: count }, (_, i) => ({ offset: i * 60, title: `T${i}` })),
  highlights: [],
  text,
  problems: count < 3 ? [`YouTube shows chapters from 3 on; this stream has ${count} so far.`] : [],
})

let now = none as ReturnType<typeof marked> | typeof none
beforeEach(() => {
  now = none
  answer('broadcast:chapters', () => now)
  answer('broadcast:mark-start', () => (now = marked('00:00 Intro', 1)))
})
afterEach(() => vi.unstubAllGlobals())

describe('VOD chapters panel', () => {
  it('asks for a start, marks it, and shows the list as it grows', async () => {
    const user = userEvent.setup()
    render(VodChaptersPanel, { streamId: 's1', streamName: 'Main stage' })
    await user.click(screen.getByText('VOD chapters'))
    expect(await screen.findByText(/Mark the stream’s start/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveProperty('disabled', true)

    await user.click(screen.getByRole('button', { name: 'Mark stream start' }))
    expect(await screen.findByLabelText('Chapters of Main stage')).toHaveProperty('value', '00:00 Intro')
    expect(screen.getByText(/YouTube shows chapters from 3 on/)).toBeTruthy()
    expect(screen.getByRole('status').textContent).toMatch(/^Start of Main stage marked at/)

    now = marked('00:00 Intro\n12:31 Winners round 3 · match 2: A vs B\n31:40 Break', 3)
    emit('broadcast:changed', { streamId: 'other' })
    emit('obs:changed', { streamId: 's1' })
    await waitFor(() => expect(screen.getByLabelText('Chapters of Main stage')).toHaveProperty('value', now.text))
    expect(screen.queryByText(/YouTube shows chapters from 3 on/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveProperty('disabled', false)
  })

  it('marks a new start only once the producer confirms it', async () => {
    const user = userEvent.setup()
    now = marked('00:00 Intro\n01:00 A vs B\n02:00 Break', 3)
    render(VodChaptersPanel, { streamId: 's1', streamName: 'Main stage' })
    await user.click(screen.getByText('VOD chapters'))
    const again = await screen.findByRole('button', { name: 'Mark a new start' })
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    await user.click(again)
    expect(confirm).toHaveBeenCalledOnce()
    expect(calls.filter((c) => c.channel === 'broadcast:mark-start')).toHaveLength(0)
    confirm.mockReturnValue(true)
    await user.click(again)
    await waitFor(() => expect(screen.getByLabelText('Chapters of Main stage')).toHaveProperty('value', '00:00 Intro'))
  })
})
