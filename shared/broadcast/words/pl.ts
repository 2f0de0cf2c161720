// Stałe słowa nakładek po polsku.
import type { Catalogue } from './catalogue'

export const pl: Catalogue = {
  direction: 'ltr',
  round: {
    winners: 'Drabinka wygranych · runda {round} · mecz {match}',
    losers: 'Drabinka przegranych · runda {round} · mecz {match}',
    group: 'Grupa {group} · runda {round} · mecz {match}',
    plain: 'Runda {round} · mecz {match}',
    final: 'Finał',
    grandFinal: 'Wielki finał',
    grandFinalReset: 'Wielki finał, rewanż',
  },
  short: {
    winners: 'WB R{round} M{match}',
    losers: 'LB R{round} M{match}',
    group: 'G{group} R{round} M{match}',
    plain: 'R{round} M{match}',
    final: 'Finał',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'Zwycięzca {match}', loserOf: 'Przegrany {match}', toBeDecided: 'Do ustalenia' },
  upNext: { title: 'Następnie', nextUp: 'następny', toBeDecided: 'do ustalenia', onStream: 'na antenie {when}' },
  versus: 'vs',
  scoreboard: { final: 'koniec' },
  series: {
    short: 'Bo{n}',
    long: { one: 'Seria na {n} grę', few: 'Seria na {n} gry', many: 'Seria na {n} gier', other: 'Seria na {n} gry' },
  },
  path: { title: 'Ścieżka w drabince', winner: 'Zwycięzca', loser: 'Przegrany', winsBracket: 'wygrywa turniej' },
  break: { title: 'Przerwa', nextMatch: 'Następny mecz', next: 'następny', lastResult: 'Ostatni wynik' },
  casters: { title: { one: 'Komentator', few: 'Komentatorzy', many: 'Komentatorzy', other: 'Komentatorzy' } },
}
