// An on-air duel as the feed carries it, for tests of the live layer: two named sides with their scores.
import type { FeedMatch } from '../../shared/broadcast/feed'

export function duel(scores: [number | null, number | null], bestOf: number | null = 3, names = ['A', 'B']): FeedMatch {
  return {
    id: 'm1',
    label: 'Winners round 1 · match 1',
    name: null,
    status: 'running',
    scheduledAt: null,
    estimatedStart: null,
    opponents: scores.map((score, i) => ({
      name: names[i]!,
      score,
      result: null,
      checkedIn: true,
      country: null,
      waitsFor: null,
    })),
    decided: true,
    bestOf,
    games: null,
    swapped: false,
  }
}
