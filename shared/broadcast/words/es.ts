// Las palabras fijas de los overlays en español.
import type { Catalogue } from './catalogue'

export const es: Catalogue = {
  direction: 'ltr',
  round: {
    winners: 'Ganadores · ronda {round} · partida {match}',
    losers: 'Perdedores · ronda {round} · partida {match}',
    group: 'Grupo {group} · ronda {round} · partida {match}',
    plain: 'Ronda {round} · partida {match}',
    final: 'Final',
    grandFinal: 'Gran final',
    grandFinalReset: 'Gran final, desempate',
  },
  short: {
    winners: 'WB R{round} P{match}',
    losers: 'LB R{round} P{match}',
    group: 'G{group} R{round} P{match}',
    plain: 'R{round} P{match}',
    final: 'Final',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'Ganador de {match}', loserOf: 'Perdedor de {match}', toBeDecided: 'Por determinar' },
  upNext: {
    title: 'A continuación',
    nextUp: 'a continuación',
    toBeDecided: 'por determinar',
    onStream: 'en directo {when}',
  },
  versus: 'vs',
  scoreboard: { final: 'terminada' },
  series: { short: 'Bo{n}', long: { one: 'Al mejor de {n}', many: 'Al mejor de {n}', other: 'Al mejor de {n}' } },
  path: { title: 'Camino en el cuadro', winner: 'Ganador', loser: 'Perdedor', winsBracket: 'gana el torneo' },
  break: { title: 'Descanso', nextMatch: 'Próxima partida', next: 'a continuación', lastResult: 'Último resultado' },
  casters: { title: { one: 'Comentarista', many: 'Comentaristas', other: 'Comentaristas' } },
}
