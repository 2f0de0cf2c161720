// The Venue view's "Several desks": alone, a join refused with the field named, joined and its link as main tells it
// (a refusal in the host's words), who runs which stream, what other desks wrote that was refused, and leaving only
// once confirmed.
import { render, screen, waitFor } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, calls, emit } from '../test-support/fake-api'
import SharingPanel from './SharingPanel.svelte'

const none = { desks: [], refusal: null, refused: [] }
const alone = { role: 'alone', host: null, link: null, joined: 0, ...none }
const joined = { role: 'member', host: 'http://192.168.1.20:7310', link: 'connected', joined: 0, ...none }
afterEach(() => vi.unstubAllGlobals())

describe('sharing panel', () => {
  it('joins another desk’s venue, names a refused field, and shows the link as it changes', async () => {
    const user = userEvent.setup()
    answer('venue:sharing', () => alone)
    answer('venue:join', ({ code }: { code: string }) => {
      if (code === 'WRONG')
        throw Object.assign(new Error('The desk refused the code'), {
          code: 'validation',
          fields: { code: 'this pairing code is unknown or has expired' },
        })
      return joined
    })
    render(SharingPanel)
    expect((await screen.findByTestId('sharing-state')).textContent).toMatch(/^This desk works alone\./)
    await user.type(screen.getByLabelText('Host desk’s hub address'), 'http://192.168.1.20:7310')
    await user.type(screen.getByLabelText('Pairing code'), 'WRONG')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    expect((await screen.findByRole('alert')).textContent).toBe('this pairing code is unknown or has expired')
    await user.clear(screen.getByLabelText('Pairing code'))
    await user.type(screen.getByLabelText('Pairing code'), 'K7QX-2M')
    await user.click(screen.getByRole('button', { name: 'Join' }))
    await waitFor(() =>
      expect(screen.getByTestId('sharing-state').textContent).toMatch(/192\.168\.1\.20:7310:\s*connected/),
    )
    emit('venue:changed', { ...joined, link: 'connecting', hostFingerprint: '8UH2-JCKT' })
    await waitFor(() => expect(screen.getByTestId('sharing-state').textContent).toMatch(/reconnecting…/))
    // The host's address and its fingerprint read apart.
    expect(screen.getByTestId('sharing-state').textContent).toMatch(/7310 \(desk 8UH2-JCKT\):/)
    emit('venue:changed', { ...joined, link: 'refused', refusal: 'this desk is out of the venue' })
    await waitFor(() =>
      expect(screen.getByTestId('sharing-state').textContent).toMatch(/refused: this desk is out of the venue/),
    )
  })

  it('says how many entries other desks wrote were refused, by desk and why', async () => {
    const name = 'مكتب الإنتاج الرئيسي في القاعة الكبرى رقم'
    answer('venue:sharing', () => ({
      ...alone,
      role: 'host',
      joined: 2,
      refused: [
        { desk: name, count: 5, why: '5 not signed by the desk they name' },
        { desk: 'Door desk', count: 1, why: '1 beyond the desk’s role' },
      ],
    }))
    render(SharingPanel)
    expect((await screen.findByRole('heading', { name: '6 entries refused' })).tagName).toBe('H3')
    const items = screen.getByRole('list', { name: '6 entries refused' }).querySelectorAll('li')
    expect([...items].map((item) => item.textContent)).toEqual([
      `${name}: 5 — 5 not signed by the desk they name`,
      'Door desk: 1 — 1 beyond the desk’s role',
    ])
  })

  it('says how many desks joined a host, and leaves only once confirmed', async () => {
    const user = userEvent.setup()
    answer('venue:sharing', () => ({ role: 'host', host: null, link: null, joined: 2, ...none }))
    answer('venue:leave', () => alone)
    render(SharingPanel)
    await waitFor(() =>
      expect(screen.getByTestId('sharing-state').textContent).toMatch(/hosts the venue: 2 desks joined/),
    )
    emit('venue:changed', joined)
    const leave = await screen.findByRole('button', { name: 'Leave the venue' })
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    )
    await user.click(leave)
    expect(calls.some((c) => c.channel === 'venue:leave')).toBe(false)
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    )
    await user.click(leave)
    await waitFor(() => expect(screen.getByTestId('sharing-state').textContent).toMatch(/works alone/))
  })

  it('lists who runs which stream, this desk first, as main tells it', async () => {
    answer('venue:sharing', () => joined)
    render(SharingPanel)
    await screen.findByTestId('sharing-state')
    expect(screen.queryByTestId('sharing-desks')).toBeNull()
    emit('venue:changed', {
      ...joined,
      desks: [
        { name: 'Régie B', you: true, streams: ['B stream'] },
        { name: 'Ana’s desk', you: false, streams: ['Main stage', 'Side stage'] },
      ],
    })
    const rows = await screen.findAllByRole('listitem')
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'B stream — Régie B (this desk)',
      'Main stage, Side stage — Ana’s desk',
    ])
  })

  it('looks for desks on the network and puts a found one’s address into the form', async () => {
    const user = userEvent.setup()
    answer('venue:sharing', () => alone)
    let desks = [{ name: 'Régie principale', address: 'http://10.0.0.5:7310' }]
    answer('venue:find', () => desks)
    render(SharingPanel)
    await user.click(await screen.findByRole('button', { name: 'Look for desks on this network' }))
    const list = await screen.findByTestId('found-desks')
    expect(list.textContent).toMatch(/Régie principale\s+http:\/\/10\.0\.0\.5:7310/)
    await user.click(screen.getByRole('button', { name: 'Use Régie principale' }))
    expect(screen.getByLabelText<HTMLInputElement>('Host desk’s hub address').value).toBe('http://10.0.0.5:7310')
    expect(document.activeElement).toBe(screen.getByLabelText('Pairing code'))
    desks = []
    await user.click(screen.getByRole('button', { name: 'Look for desks on this network' }))
    expect((await screen.findByTestId('found-none')).textContent).toMatch(/No desk answered/)
  })

  it('lists desks found with their fingerprints, marks two of one name, and Use fills the address and fingerprint', async () => {
    const user = userEvent.setup()
    answer('venue:sharing', () => alone)
    answer('venue:find', () => [
      { name: 'Main desk', address: 'http://10.0.0.2:7310', fingerprint: '7KQ2-M9XD', sameName: true },
      { name: 'Main desk', address: 'http://10.0.0.9:7310', fingerprint: 'ZZZZ-ZZZZ', sameName: true },
    ])
    render(SharingPanel)
    await user.click(await screen.findByRole('button', { name: 'Look for desks on this network' }))
    const found = await screen.findByTestId('found-desks')
    expect(found.textContent).toContain('7KQ2-M9XD')
    expect(found.querySelectorAll('.warning')).toHaveLength(2)
    await user.click(screen.getAllByRole('button', { name: /^Use/ })[0]!)
    expect(screen.getByLabelText<HTMLInputElement>('Host desk’s hub address').value).toBe('http://10.0.0.2:7310')
    expect(screen.getByLabelText<HTMLInputElement>('Host desk’s fingerprint (beside the code)').value).toBe('7KQ2-M9XD')
    expect(document.activeElement).toBe(screen.getByLabelText('Pairing code'))
  })
})
