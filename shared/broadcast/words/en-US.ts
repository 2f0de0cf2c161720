// The overlays' fixed words in American English: the catalogue every other one is checked against.
import type { Catalogue } from './catalogue'

export const enUS: Catalogue = {
  direction: 'ltr',
  round: {
    winners: 'Winners round {round} · match {match}',
    losers: 'Losers round {round} · match {match}',
    group: 'Group {group} · round {round} · match {match}',
    plain: 'Round {round} · match {match}',
    final: 'Final',
    grandFinal: 'Grand final',
    grandFinalReset: 'Grand final reset',
  },
  short: {
    winners: 'WB R{round} M{match}',
    losers: 'LB R{round} M{match}',
    group: 'G{group} R{round} M{match}',
    plain: 'R{round} M{match}',
    final: 'Final',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'Winner of {match}', loserOf: 'Loser of {match}', toBeDecided: 'To be decided' },
  upNext: { title: 'Up next', nextUp: 'next up', toBeDecided: 'to be decided', onStream: 'on stream {when}' },
  versus: 'vs',
  scoreboard: { final: 'final' },
  series: { short: 'Bo{n}', long: { one: 'Best of {n}', other: 'Best of {n}' } },
  path: { title: 'Bracket path', winner: 'Winner', loser: 'Loser', winsBracket: 'wins the bracket' },
  break: { title: 'Break', nextMatch: 'Next match', next: 'next', lastResult: 'Last result' },
  casters: { title: { one: 'Caster', other: 'Casters' } },
}
