// What each OBS field says for a stream's feed, in the tournament's default language (as the overlays): a pure
// function, the same texts for OBS's text sources and the text files (names, scores, round, up next, the countdown,
// the last result, and the live layer's pips, picks, map, round scores and games).
import { lastResultOf, nextMatchOf } from '../../../shared/broadcast/break-picks'
import type { Feed } from '../../../shared/broadcast/feed'
import {
  currentGame,
  gamesSoFar,
  pipsOf,
  pipsText,
  screenOrder,
  sideOnScreen,
} from '../../../shared/broadcast/live-layer'
import type { ObsField } from '../../../shared/broadcast/obs'
import { overlayLocale, wordsFor } from '../../../shared/broadcast/words'

export function obsFields(feed: Feed, now: number): Record<ObsField, string> {
  const words = wordsFor(overlayLocale(null, feed))
  const onAir = feed.onAir
  // Left and right as the scoreboard draws them: the producer may have swapped the sides.
  const [left, right] = onAir ? screenOrder(onAir) : []
  const next = nextMatchOf(feed.next)
  // No match of the queue is decided yet: say its first one as the up-next overlay does ("Grand final · to be decided").
  const waiting = next ? null : (feed.next[0] ?? null)
  const last = lastResultOf(feed)
  const game = onAir ? currentGame(onAir) : null
  // Picks and pips by screen side: the bracket place drawn there.
  const placed = (screen: 'left' | 'right') => sideOnScreen({ swapped: onAir?.swapped ?? false }, screen)
  const pick = (screen: 'left' | 'right') => game?.game.picks[placed(screen)] ?? ''
  const pips = (screen: 'left' | 'right') => (onAir ? pipsText(pipsOf(onAir, placed(screen))) : '')
  const rounds = (screen: 'left' | 'right') => {
    const won = game?.game.rounds?.[placed(screen)]
    return won === undefined ? '' : String(won)
  }
  return {
    'left-name': left ? words.opponentName(left) : '',
    'right-name': right ? words.opponentName(right) : '',
    'left-score': left?.score === null || left?.score === undefined ? '' : String(left.score),
    'right-score': right?.score === null || right?.score === undefined ? '' : String(right.score),
    round: onAir ? words.matchLabel(onAir) : '',
    'up-next': next ? words.versusLine(next) : waiting ? words.versusLine(waiting) : '',
    countdown: waiting
      ? `${words.matchLabel(waiting)} · ${words.words.upNext.toBeDecided}`
      : words.countdown(next, now),
    'last-result': last ? words.resultLine(last) : '',
    'left-games': pips('left'),
    'right-games': pips('right'),
    'left-pick': pick('left'),
    'right-pick': pick('right'),
    map: game?.game.map ?? '',
    veto: onAir ? (onAir.veto ?? []).map((step) => words.vetoLine(onAir, step)).join('\n') : '',
    'left-rounds': rounds('left'),
    'right-rounds': rounds('right'),
    games: onAir
      ? gamesSoFar(onAir)
          .map(({ n, game: g }) => words.gameLine(onAir, n, g))
          .join('\n')
      : '',
  }
}
