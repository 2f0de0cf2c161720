// The scoreboard draws the producer's sides: swapped, the bracket's second is on the left, with its score and the
// series told in that order too.
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import type { Feed } from '../../../../shared/broadcast/feed'
import Scoreboard from './Scoreboard.svelte'

const feed = (swapped: boolean): Feed => ({
  stream: { id: 's', name: 'Main', url: 'https://x.tv', language: 'en' },
  tournament: { id: 't', name: 'Cup', locale: null, logo: null },
  casters: [],
  onAir: {
    id: 'm',
    label: 'Grand final',
    name: null,
    status: 'running',
    scheduledAt: null,
    estimatedStart: null,
    opponents: [
      { name: 'Astrablade', score: 2, result: null, checkedIn: true, country: null, waitsFor: null },
      { name: 'Bolt', score: 1, result: null, checkedIn: true, country: null, waitsFor: null },
    ],
    decided: true,
    bestOf: 5,
    games: null,
    swapped,
  },
  next: [],
  onAirPath: null,
  held: false,
  difficulties: false,
  sponsors: null,
  pickImages: null,
  board: null,
  hidden: [],
  updatedAt: '2026-11-27T12:00:00Z',
})

describe('the scoreboard', () => {
  it('draws the bracket’s order, or the producer’s swap, names, scores and series alike', () => {
    const { unmount } = render(Scoreboard, { feed: feed(false) })
    expect(screen.getAllByTestId('scoreboard-name').map((n) => n.textContent)).toEqual(['Astrablade', 'Bolt'])
    expect(screen.getByTestId('scoreboard-series').textContent).toBe('Bo5 · 2–1')
    unmount()
    render(Scoreboard, { feed: feed(true) })
    expect(screen.getAllByTestId('scoreboard-name').map((n) => n.textContent)).toEqual(['Bolt', 'Astrablade'])
    expect(screen.getByTestId('scoreboard-series').textContent).toBe('Bo5 · 1–2')
  })

  it('shows a pip per game to win, the current game’s picks under the names and its map, in screen order', () => {
    const base = feed(true)
    const games = [
      { winner: 0 as const, map: 'Inferno', picks: ['Ryu', 'Ken'] as [string, string] },
      { winner: 0 as const, map: null, picks: [null, null] as [null, null] },
      { winner: 1 as const, map: null, picks: [null, null] as [null, null] },
      { winner: null, map: 'Suzaku Castle', picks: [null, 'Guile'] as [null, string] },
      { winner: null, map: null, picks: [null, null] as [null, null] },
    ]
    render(Scoreboard, { feed: { ...base, onAir: { ...base.onAir!, games } } })
    // Swapped: Bolt (1 game of 3 needed) on the left.
    expect(screen.getAllByTestId('scoreboard-pips').map((p) => p.textContent)).toEqual(['●○○', '●●○'])
    expect(screen.getAllByTestId('scoreboard-pick').map((p) => p.textContent)).toEqual(['Guile'])
    expect(screen.getByTestId('scoreboard-map').textContent).toBe('Game 4 · Suzaku Castle')
    // No rounds kept for this game: none drawn.
    expect(screen.queryAllByTestId('scoreboard-rounds')).toEqual([])
    expect(screen.queryAllByTestId('scoreboard-pick-image')).toEqual([])
  })

  it('draws a pick’s image beside it where the discipline’s list has one, as this page may load it', () => {
    const base = feed(false)
    const games = [{ winner: null, map: null, picks: ['Ryu', 'Ken'] as [string, string] }]
    const pickImages = { picks: { Ryu: '/feed/v1/pick-images/abc?v=1' }, maps: {} }
    render(Scoreboard, {
      feed: { ...base, pickImages, onAir: { ...base.onAir!, games } },
      asset: (url: string) => `${url}&key=k`,
    })
    expect(screen.getAllByTestId('scoreboard-pick-image').map((img) => img.getAttribute('src'))).toEqual([
      '/feed/v1/pick-images/abc?v=1&key=k',
    ])
    expect(screen.getAllByTestId('scoreboard-pick').map((p) => p.textContent)).toEqual(['Ryu', 'Ken'])
  })

  it('draws the current game’s rounds under each side’s maps score, in screen order', () => {
    const base = feed(true)
    const games = [
      { winner: 0 as const, map: 'Inferno', picks: [null, null] as [null, null], rounds: [13, 9] as [number, number] },
      { winner: null, map: 'Mirage', picks: [null, null] as [null, null], rounds: [7, 11] as [number, number] },
      { winner: null, map: null, picks: [null, null] as [null, null] },
    ]
    render(Scoreboard, { feed: { ...base, onAir: { ...base.onAir!, bestOf: 3, games } } })
    // Swapped: Bolt's 11 rounds on the left, under Bolt's 1 map; Astrablade's 7 on the right.
    expect(screen.getAllByTestId('scoreboard-rounds').map((r) => r.textContent)).toEqual(['11', '7'])
  })
})
