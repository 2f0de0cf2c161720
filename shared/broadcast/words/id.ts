// Kata-kata tetap overlay dalam bahasa Indonesia.
import type { Catalogue } from './catalogue'

export const id: Catalogue = {
  direction: 'ltr',
  round: {
    winners: 'Upper bracket · babak {round} · laga {match}',
    losers: 'Lower bracket · babak {round} · laga {match}',
    group: 'Grup {group} · babak {round} · laga {match}',
    plain: 'Babak {round} · laga {match}',
    final: 'Final',
    grandFinal: 'Grand final',
    grandFinalReset: 'Grand final ulang',
  },
  short: {
    winners: 'UB B{round} L{match}',
    losers: 'LB B{round} L{match}',
    group: 'G{group} B{round} L{match}',
    plain: 'B{round} L{match}',
    final: 'Final',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'Pemenang {match}', loserOf: 'Yang kalah di {match}', toBeDecided: 'Belum ditentukan' },
  upNext: { title: 'Berikutnya', nextUp: 'berikutnya', toBeDecided: 'belum ditentukan', onStream: 'tayang {when}' },
  versus: 'vs',
  scoreboard: { final: 'selesai' },
  series: { short: 'Bo{n}', long: { other: 'Best of {n}' } },
  path: { title: 'Jalur bracket', winner: 'Pemenang', loser: 'Kalah', winsBracket: 'juara turnamen' },
  break: { title: 'Jeda', nextMatch: 'Laga berikutnya', next: 'berikutnya', lastResult: 'Hasil terakhir' },
  casters: { title: { other: 'Komentator' } },
}
