// As palavras fixas dos overlays em português do Brasil.
import type { Catalogue } from './catalogue'

export const ptBR: Catalogue = {
  direction: 'ltr',
  round: {
    winners: 'Chave superior · rodada {round} · partida {match}',
    losers: 'Chave inferior · rodada {round} · partida {match}',
    group: 'Grupo {group} · rodada {round} · partida {match}',
    plain: 'Rodada {round} · partida {match}',
    final: 'Final',
    grandFinal: 'Grande final',
    grandFinalReset: 'Grande final, desempate',
  },
  short: {
    winners: 'CS R{round} P{match}',
    losers: 'CI R{round} P{match}',
    group: 'G{group} R{round} P{match}',
    plain: 'R{round} P{match}',
    final: 'Final',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'Vencedor de {match}', loserOf: 'Perdedor de {match}', toBeDecided: 'A definir' },
  upNext: { title: 'A seguir', nextUp: 'a seguir', toBeDecided: 'a definir', onStream: 'no ar {when}' },
  versus: 'vs',
  scoreboard: { final: 'encerrada' },
  series: { short: 'MD{n}', long: { one: 'Melhor de {n}', many: 'Melhor de {n}', other: 'Melhor de {n}' } },
  path: { title: 'Caminho na chave', winner: 'Vencedor', loser: 'Perdedor', winsBracket: 'vence o torneio' },
  break: { title: 'Intervalo', nextMatch: 'Próxima partida', next: 'a seguir', lastResult: 'Último resultado' },
  casters: { title: { one: 'Narração', many: 'Narração', other: 'Narração' } },
}
