// The break screen after a match: the last result with each game the live layer kept (winner, map, picks), in the
// viewers' language; nothing of games while the scores were the service's.
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import type { Feed } from '../../../../shared/broadcast/feed'
import { wordsFor } from '../../../../shared/broadcast/words'
import BreakScreen from './BreakScreen.svelte'

const finished = (games: Feed['next'][number]['games']): Feed => ({
  stream: { id: 's', name: 'Main', url: 'https://x.tv', language: 'en' },
  tournament: { id: 't', name: 'Cup', locale: null, logo: null },
  casters: [],
  onAir: {
    id: 'm',
    label: 'Grand final',
    name: null,
    status: 'completed',
    scheduledAt: null,
    estimatedStart: null,
    opponents: [
      { name: 'Astrablade', score: 2, result: 'win', checkedIn: true, country: null, waitsFor: null },
      { name: 'Bolt', score: 1, result: 'loss', checkedIn: true, country: null, waitsFor: null },
    ],
    decided: true,
    bestOf: 3,
    games,
    swapped: false,
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

describe('the break screen', () => {
  it('lists the last match’s games under its result, each as far as it was kept', () => {
    const { unmount } = render(BreakScreen, {
      feed: finished([
        { winner: 0, map: 'Inferno', picks: ['Ryu', 'Ken'] },
        { winner: 1, map: null, picks: [null, null] },
        { winner: 0, map: null, picks: [null, 'Guile'] },
      ]),
    })
    expect(screen.getAllByTestId('break-last-name').map((name) => name.textContent)).toEqual(['Astrablade', 'Bolt'])
    expect(screen.getAllByTestId('break-last-score').map((score) => score.textContent)).toEqual(['2', '1'])
    expect([...screen.getByTestId('break-games').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Game 1: Astrablade · Inferno · Ryu – Ken',
      'Game 2: Bolt',
      'Game 3: Astrablade · Guile (Bolt)',
    ])
    unmount()
    // Sides as the room swapped them on the scoreboard: a row each, its name and its score.
    const swapped = finished(null)
    const { unmount: unmountSwapped } = render(BreakScreen, {
      feed: { ...swapped, onAir: { ...swapped.onAir!, swapped: true } },
    })
    expect(screen.getAllByTestId('break-last-name').map((name) => name.textContent)).toEqual(['Bolt', 'Astrablade'])
    expect(screen.getAllByTestId('break-last-score').map((score) => score.textContent)).toEqual(['1', '2'])
    unmountSwapped()
    render(BreakScreen, { feed: finished(null), words: wordsFor('fr') })
    expect(screen.queryByTestId('break-games')).toBeNull()
  })

  it('says a game in the viewers’ language', () => {
    render(BreakScreen, { feed: finished([{ winner: 1, map: null, picks: [null, null] }]), words: wordsFor('de') })
    expect(screen.getByTestId('break-games').textContent).toBe('Spiel 1: Bolt')
  })
})
