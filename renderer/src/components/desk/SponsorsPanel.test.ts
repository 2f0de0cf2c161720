// The sponsors panel on the Stream desk: a slot added with its logo (a refusal named under its field), moved with the
// keyboard staying on it, removed only once confirmed, and the airtime report shown and exported as CSV.
import { render, screen, waitFor, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Sponsor } from '../../../../shared/broadcast/sponsors'
import { answer, calls } from '../../test-support/fake-api'
import SponsorsPanel from './SponsorsPanel.svelte'

let kept: Sponsor[] = []
const slot = (id: string, name: string, seconds = 10): Sponsor => ({
  id,
  name,
  seconds,
  type: 'image/png',
  width: 480,
  height: 240,
  bytes: 2048,
})
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'acme.png', { type: 'image/png' })

beforeEach(() => {
  kept = [slot('a', 'Acme Energy'), slot('b', 'نادي الرياض للرياضات الإلكترونية', 5)]
  answer('sponsors:list', () => kept)
  answer('sponsors:image', () => ({ url: 'data:image/png;base64,iVBORw0KGgo=' }))
  answer('sponsors:airtime', () => ({
    since: Date.UTC(2026, 10, 28, 9, 0),
    lines: [
      { sponsorId: 'a', sponsor: 'Acme Energy', streamId: 's1', stream: 'Main stage', seconds: 3725 },
      {
        sponsorId: 'b',
        sponsor: 'نادي الرياض للرياضات الإلكترونية',
        streamId: 's1',
        stream: 'Main stage',
        seconds: 65,
      },
    ],
  }))
  answer('sponsors:reorder', ({ ids }: { ids: string[] }) => (kept = ids.map((id) => kept.find((s) => s.id === id)!)))
  answer('sponsors:remove', ({ id }: { id: string }) => (kept = kept.filter((s) => s.id !== id)))
})
afterEach(() => vi.unstubAllGlobals())

describe('sponsors panel', () => {
  it('adds a sponsor with its logo, and names a refused field under it', async () => {
    const user = userEvent.setup()
    answer('sponsors:add', ({ name }: { name: string }) => {
      if (name === 'Evil')
        throw Object.assign(new Error('image: a PNG, JPEG or WebP file (this one is not)'), {
          code: 'validation',
          fields: { image: 'image: a PNG, JPEG or WebP file (this one is not)' },
        })
      return (kept = [...kept, slot('c', name, 20)])
    })
    render(SponsorsPanel, {})
    await user.click(screen.getByText('Sponsors', { selector: 'summary' }))
    expect(await screen.findByText('2 in the rotation')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Add sponsor' }))
    // The browser's own check wants a name first; with one, a missing logo is named.
    await user.type(screen.getByLabelText('Sponsor name'), 'Evil')
    await user.click(screen.getByRole('button', { name: 'Add sponsor' }))
    expect((await screen.findByRole('alert')).textContent).toBe('image: choose a PNG, JPEG or WebP file')
    await user.upload(screen.getByLabelText('Logo (PNG, JPEG or WebP)'), png())
    await user.click(screen.getByRole('button', { name: 'Add sponsor' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('image: a PNG, JPEG or WebP file (this one is not)'),
    )

    await user.clear(screen.getByLabelText('Sponsor name'))
    await user.type(screen.getByLabelText('Sponsor name'), 'Bo Drinks')
    await user.clear(screen.getByLabelText('Seconds a turn'))
    await user.type(screen.getByLabelText('Seconds a turn'), '20')
    await user.click(screen.getByRole('button', { name: 'Add sponsor' }))
    await waitFor(() => expect(screen.getByText('3 in the rotation')).toBeTruthy())
    const added = calls.filter((c) => c.channel === 'sponsors:add').at(-1)!.input as Record<string, unknown>
    expect(added).toEqual({ name: 'Bo Drinks', seconds: 20, image: 'iVBORw0KGgo=' })
    expect(screen.queryByRole('alert')).toBeNull()
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Bo Drinks added: 3 sponsors in the rotation'),
    )
  })

  it('moves a sponsor with the keyboard staying on it, and removes one only once confirmed', async () => {
    const user = userEvent.setup()
    render(SponsorsPanel, {})
    await user.click(screen.getByText('Sponsors', { selector: 'summary' }))
    const down = await screen.findByRole('button', { name: 'Move Acme Energy down' })
    await user.click(down)
    await waitFor(() => expect(calls.find((c) => c.channel === 'sponsors:reorder')?.input).toEqual({ ids: ['b', 'a'] }))
    const rows = () => within(screen.getByRole('list', { name: 'Sponsor rotation' })).getAllByRole('listitem')
    await waitFor(() => expect(rows()[1]!.textContent).toMatch(/Acme Energy/))
    // At the bottom now, "down" is off: the keyboard lands on "up" of the same sponsor.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Acme Energy up'))

    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    await user.click(screen.getByRole('button', { name: 'Remove Acme Energy' }))
    expect(calls.some((c) => c.channel === 'sponsors:remove')).toBe(false)
    confirm.mockReturnValue(true)
    await user.click(screen.getByRole('button', { name: 'Remove Acme Energy' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit نادي الرياض للرياضات الإلكترونية')
  })

  it('shows each sponsor’s airtime per stream and exports it as CSV', async () => {
    const user = userEvent.setup()
    const saved: Blob[] = []
    const made = vi.fn((blob: Blob) => (saved.push(blob), 'blob:x'))
    Object.assign(URL, { createObjectURL: made, revokeObjectURL: () => undefined })
    render(SponsorsPanel, {})
    await user.click(screen.getByText('Sponsors', { selector: 'summary' }))
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SponsorStreamOn air', 'Acme EnergyMain stage1:02:05', 'نادي الرياض للرياضات الإلكترونيةMain stage1:05'])
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const csv = await saved[0]!.text()
    expect(csv.split('\r\n')[1]).toBe('"Acme Energy","Main stage","3725","1:02:05"')
  })
})
