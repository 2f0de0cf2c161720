// The veto overlay: each step in the order it ran, in the viewers' language, a ban struck, the decider no side's;
// nothing drawn before the first step.
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { Feed } from '../../../../shared/broadcast/feed'
import { wordsFor } from '../../../../shared/broadcast/words'
import Veto from './Veto.svelte'

const feed = (veto: unknown[]) =>
  Feed.parse({
    stream: { id: 's', name: 'Main', url: 'https://x.tv', language: 'en' },
    tournament: { id: 't', name: 'Cup' },
    onAir: {
      id: 'm',
      label: 'Grand final',
      status: 'running',
      scheduledAt: null,
      estimatedStart: null,
      opponents: [
        { name: 'Ghent Vipers', score: 0, result: null, checkedIn: true, country: null },
        { name: 'Madrid Rhinos', score: 0, result: null, checkedIn: true, country: null },
      ],
      decided: true,
      bestOf: 3,
      games: null,
      veto,
    },
    next: [],
    onAirPath: null,
    held: false,
    updatedAt: '2026-11-27T12:00:00Z',
  })

describe('the veto overlay', () => {
  it('draws each step as it ran, in the viewers’ language', () => {
    const steps = [
      { side: 0, action: 'ban', item: 'Nuke' },
      { side: 1, action: 'pick', item: 'Inferno' },
      { side: null, action: 'decider', item: 'Ancient' },
    ]
    const { unmount } = render(Veto, { feed: feed(steps) })
    expect(screen.getAllByTestId('veto-step').map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      '1 Ghent Vipers bans Nuke',
      '2 Madrid Rhinos picks Inferno',
      '3 Ancient (decider)',
    ])
    expect(screen.getAllByTestId('veto-step')[0]!.classList.contains('ban')).toBe(true)
    unmount()
    render(Veto, { feed: feed(steps), words: wordsFor('fr') })
    expect(screen.getAllByTestId('veto-step')[0]!.textContent).toContain('Ghent Vipers bannit Nuke')
  })

  it('draws nothing before the first step', () => {
    render(Veto, { feed: feed([]) })
    expect(screen.queryByTestId('veto')).toBeNull()
  })
})
