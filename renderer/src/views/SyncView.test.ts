// The Sync view: waiting writes, and the needs-attention list with retry and discard.
import { render, screen } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { answer, calls } from '../test-support/fake-api'
import { sync } from '../lib/desks/sync.svelte'
import SyncView from './SyncView.svelte'

const item = (seq: number, label: string, error: string | null) => ({
  seq,
  kind: 'participant.update',
  label,
  attempts: 1,
  since: 0,
  error,
})

describe('sync view', () => {
  it('lists what waits and what needs attention, and retries or discards on request', async () => {
    const status = {
      connection: 'offline',
      syncing: false,
      pending: 1,
      waiting: [item(2, 'Check in Nova', 'offline')],
      attention: [item(1, 'Edit stream “Main”', 'name must not be empty')],
      unsent: ['participant:9'],
      refreshed: [
        { resource: 'participants', scope: '3077713703558868995', name: 'Lyon LAN Winter Cup', at: Date.now() },
      ],
    }
    answer('sync:status', () => status)
    answer('sync:retry', () => ({ ...status, attention: [] }))
    answer('sync:discard', () => ({ ...status, attention: [] }))
    const stop = sync.start()
    render(SyncView)
    const user = userEvent.setup()
    expect((await screen.findByTestId('sync-summary')).textContent).toMatch(/Offline · 1 write waiting/)
    expect(screen.getByTestId('waiting-item').textContent).toMatch(/Check in Nova/)
    expect(screen.getByTestId('attention-item').textContent).toMatch(/name must not be empty/)
    // Whose list it is, by name: not the tournament's id.
    expect(screen.getByRole('row', { name: /participants Lyon LAN Winter Cup/ })).toBeTruthy()
    expect(document.body.textContent).not.toContain('3077713703558868995')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(calls.at(-1)).toEqual({ channel: 'sync:retry', input: { seq: 1 } })
    await screen.findByText(/Nothing: every refused write/)
    stop()
  })

  it('asks before discarding, saying what is lost', async () => {
    const status = {
      connection: 'online',
      syncing: false,
      pending: 0,
      waiting: [],
      attention: [item(5, 'Check-in of Kairo Frost', 'the participant no longer exists on the service')],
      unsent: ['participant:5'],
      refreshed: [],
    }
    answer('sync:status', () => status)
    answer('sync:discard', () => ({ ...status, attention: [], unsent: [] }))
    const asked: string[] = []
    let agree = false
    vi.stubGlobal('confirm', (question: string) => (asked.push(question), agree))
    const stop = sync.start()
    render(SyncView)
    const user = userEvent.setup()
    expect((await screen.findByTestId('attention-item')).textContent).toMatch(
      /Check-in of Kairo Frost.*the participant no longer exists on the service/,
    )
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(asked[0]).toMatch(/Discard “Check-in of Kairo Frost”\? The service will never get this change/)
    expect(calls.some((c) => c.channel === 'sync:discard')).toBe(false)
    agree = true
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    await expect.poll(() => calls.some((c) => c.channel === 'sync:discard')).toBe(true)
    vi.unstubAllGlobals()
    stop()
  })
})
