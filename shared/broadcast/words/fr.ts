// Les mots fixes des overlays en français.
import type { Catalogue } from './catalogue'

export const fr: Catalogue = {
  direction: 'ltr',
  round: {
    winners: 'Gagnants · tour {round} · match {match}',
    losers: 'Perdants · tour {round} · match {match}',
    group: 'Groupe {group} · tour {round} · match {match}',
    plain: 'Tour {round} · match {match}',
    final: 'Finale',
    grandFinal: 'Grande finale',
    grandFinalReset: 'Grande finale, revanche',
  },
  short: {
    winners: 'WB T{round} M{match}',
    losers: 'LB T{round} M{match}',
    group: 'G{group} T{round} M{match}',
    plain: 'T{round} M{match}',
    final: 'Finale',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'Vainqueur de {match}', loserOf: 'Perdant de {match}', toBeDecided: 'À déterminer' },
  upNext: { title: 'À suivre', nextUp: 'juste après', toBeDecided: 'à déterminer', onStream: 'à l’antenne {when}' },
  versus: 'vs',
  scoreboard: { final: 'terminé' },
  series: {
    short: 'BO{n}',
    long: { one: 'En {n} manche', many: 'Au meilleur des {n} manches', other: 'Au meilleur des {n} manches' },
  },
  path: { title: 'Parcours', winner: 'Vainqueur', loser: 'Perdant', winsBracket: 'remporte le tournoi' },
  break: { title: 'Pause', nextMatch: 'Prochain match', next: 'juste après', lastResult: 'Dernier résultat' },
  casters: { title: { one: 'Au commentaire', many: 'Au commentaire', other: 'Au commentaire' } },
}
