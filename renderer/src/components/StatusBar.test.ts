// The status bar says the venue's link when desks share it: "Online" with the service is not "with the venue" — a desk
// cut off from its host says so in the danger colour, and the words open Venue → Several desks.
import { render, screen } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { navigation } from '../lib/desks/navigation.svelte'
import { sync } from '../lib/desks/sync.svelte'
import { answer, calls, emit } from '../test-support/fake-api'
import StatusBar from './StatusBar.svelte'

const state = { host: 'http://192.168.1.20:7310', desks: [], refusal: null, refused: [] }

describe('status bar', () => {
  it('says nothing of a venue while the desk works alone', async () => {
    answer('venue:sharing', () => ({ ...state, role: 'alone', host: null, link: null, joined: 0 }))
    render(StatusBar)
    await expect.poll(() => calls.some((call) => call.channel === 'venue:sharing')).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByTestId('venue-link')).toBeNull()
  })

  it('says a joined desk is cut off from its host while it is, and opens Several desks', async () => {
    answer('venue:sharing', () => ({ ...state, role: 'member', link: 'connected', joined: 0 }))
    const stopSync = sync.start()
    render(StatusBar)
    const link = await screen.findByTestId('venue-link')
    expect(link.textContent).toBe('Venue: synced with the host')
    emit('venue:changed', { ...state, role: 'member', link: 'connecting', joined: 0 })
    await expect.poll(() => link.textContent).toBe('Venue: cut off — working on this desk’s copy')
    expect(link.classList.contains('down')).toBe(true)
    expect((await screen.findByTestId('connection')).textContent).toBe('Online')
    await userEvent.setup().click(link)
    expect([navigation.current, navigation.section]).toEqual(['venue', 'desks'])
    stopSync()
  })

  it('says how many desks joined a hosting desk', async () => {
    answer('venue:sharing', () => ({ ...state, role: 'host', host: null, link: null, joined: 2 }))
    render(StatusBar)
    expect((await screen.findByTestId('venue-link')).textContent).toBe('Venue: hosting · 2 joined')
  })
})
