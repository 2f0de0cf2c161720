// Die festen Wörter der Overlays auf Deutsch.
import type { Catalogue } from './catalogue'

export const de: Catalogue = {
  direction: 'ltr',
  round: {
    winners: 'Gewinnerrunde {round} · Spiel {match}',
    losers: 'Verliererrunde {round} · Spiel {match}',
    group: 'Gruppe {group} · Runde {round} · Spiel {match}',
    plain: 'Runde {round} · Spiel {match}',
    final: 'Finale',
    grandFinal: 'Großes Finale',
    grandFinalReset: 'Großes Finale, Reset',
  },
  short: {
    winners: 'WB R{round} S{match}',
    losers: 'LB R{round} S{match}',
    group: 'G{group} R{round} S{match}',
    plain: 'R{round} S{match}',
    final: 'Finale',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'Sieger von {match}', loserOf: 'Verlierer von {match}', toBeDecided: 'Noch offen' },
  upNext: { title: 'Als Nächstes', nextUp: 'als Nächstes', toBeDecided: 'noch offen', onStream: 'auf Sendung {when}' },
  versus: 'vs',
  scoreboard: { final: 'beendet' },
  series: { short: 'Bo{n}', long: { one: 'Best of {n}', other: 'Best of {n}' } },
  path: { title: 'Turnierweg', winner: 'Sieger', loser: 'Verlierer', winsBracket: 'gewinnt das Turnier' },
  break: { title: 'Pause', nextMatch: 'Nächstes Spiel', next: 'als Nächstes', lastResult: 'Letztes Ergebnis' },
  casters: { title: { one: 'Kommentar', other: 'Kommentar' } },
}
