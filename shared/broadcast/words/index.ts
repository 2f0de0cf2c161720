// The overlays' words in the viewers' language: a catalogue per service locale (./<locale>.ts) and the platform's Intl
// for what changes with numbers (plural rules, relative time, lists). Overlays, the break screen, OBS's text sources and
// the desk's previews all say things through here.
import { LOCALES } from '../../api/enums'
import type { Feed, FeedGame, FeedMatch, FeedOpponent, MatchName } from '../feed'
import { ar } from './ar'
import type { VetoStep } from '../live-layer'
import type { Catalogue, PluralMessage } from './catalogue'
import { de } from './de'
import { enGB } from './en-GB'
import { enUS } from './en-US'
import { es } from './es'
import { fr } from './fr'
import { id } from './id'
import { pl } from './pl'
import { ptBR } from './pt-BR'

/** The service's locale codes (a tournament's `locales`), each with its catalogue. */
export type ViewerLocale = (typeof LOCALES)[number]
export const VIEWER_LOCALES: readonly ViewerLocale[] = LOCALES
export const CATALOGUES: Readonly<Record<ViewerLocale, Catalogue>> = {
  en_US: enUS,
  en_GB: enGB,
  de,
  es,
  fr,
  pl,
  pt_BR: ptBR,
  ar,
  id,
}

/** The BCP 47 tag Intl and HTML's lang take: "pt_BR" → "pt-BR". */
export const languageTag = (locale: ViewerLocale): string => locale.replace('_', '-')

/**
 * The locale a code names, as a person or the service writes it: "fr", "pt_BR", "pt-br", "en" (American English),
 * "de-AT" (German); null when there is no catalogue for it.
 */
export function viewerLocaleOf(code: string | null | undefined): ViewerLocale | null {
  if (!code) return null
  const [language = '', region = ''] = code.trim().replace('-', '_').split('_')
  const exact = `${language.toLowerCase()}${region ? `_${region.toUpperCase()}` : ''}`
  const known = (candidate: string) => VIEWER_LOCALES.find((locale) => locale === candidate) ?? null
  return (
    known(exact) ??
    known(language.toLowerCase()) ??
    (language.toLowerCase() === 'en' ? 'en_US' : language.toLowerCase() === 'pt' ? 'pt_BR' : null)
  )
}

const MINUTE = 60_000

/** Minutes until the match is expected (at least 1), or null when it is due or not known. */
function minutesUntil(match: Pick<FeedMatch, 'estimatedStart'>, now: number): number | null {
  if (!match.estimatedStart) return null
  const minutes = Math.ceil((Date.parse(match.estimatedStart) - now) / MINUTE)
  return minutes >= 1 ? minutes : null
}

export class Words {
  readonly tag: string
  readonly direction: 'ltr' | 'rtl'
  readonly words: Catalogue
  private readonly plurals: Intl.PluralRules
  private readonly numbers: Intl.NumberFormat
  private readonly relative: Intl.RelativeTimeFormat
  private readonly lists: Intl.ListFormat

  constructor(readonly locale: ViewerLocale) {
    this.words = CATALOGUES[locale]
    this.tag = languageTag(locale)
    this.direction = this.words.direction
    this.plurals = new Intl.PluralRules(this.tag)
    this.numbers = new Intl.NumberFormat(this.tag, { useGrouping: false })
    this.relative = new Intl.RelativeTimeFormat(this.tag, { numeric: 'always', style: 'long' })
    this.lists = new Intl.ListFormat(this.tag, { type: 'conjunction', style: 'long' })
  }

  /** A message with its values put in; numbers as the language writes them. */
  say(message: string, values: Record<string, string | number> = {}): string {
    return message.replace(/\{(\w+)\}/g, (whole, key: string) => {
      const value = values[key]
      if (value === undefined) return whole
      return typeof value === 'number' ? this.numbers.format(value) : value
    })
  }

  /** The form of a plural message for `count`, with its values put in. */
  count(message: PluralMessage, count: number, values: Record<string, string | number> = {}): string {
    const form = message[this.plurals.select(count)] ?? message.other
    return this.say(form, { n: count, count, ...values })
  }

  /** A match's label in this language: from its parts where the feed gives them, else as the feed says it. */
  matchLabel(match: Pick<FeedMatch, 'label' | 'name'>): string {
    return match.name ? this.label(match.name, this.words.round) : match.label
  }

  /** A match's round without the match ("Winners round 10", "Grand final · reset"). */
  roundLabel(name: MatchName): string {
    return this.label(name, this.words.roundOnly)
  }

  /** A match's short label ("WB R2 M3"). */
  shortLabel(name: MatchName): string {
    return this.label(name, this.words.short)
  }

  /** Where a path leads: a label from its parts where known, else the feed's words. */
  target(name: MatchName | null, said: string | null): string | null {
    return name ? this.label(name, this.words.round) : said
  }

  /**
   * An opponent's name, or what its slot waits for in this language: "Vainqueur de WB T2 M3" where room is short, or
   * with the match said in full ("Winner of Losers round 1 · match 2") where it is not.
   */
  opponentName(opponent: Pick<FeedOpponent, 'name' | 'waitsFor'>, form: 'short' | 'long' = 'short'): string {
    const waiting = opponent.waitsFor
    if (!waiting) return opponent.name
    if (!waiting.outcome || !waiting.match) return this.words.slot.toBeDecided
    const message = waiting.outcome === 'loser' ? this.words.slot.loserOf : this.words.slot.winnerOf
    const match = form === 'long' ? this.label(waiting.match, this.words.round) : this.shortLabel(waiting.match)
    return this.say(message, { match })
  }

  names(match: Pick<FeedMatch, 'opponents'>): string[] {
    return match.opponents.map((opponent) => this.opponentName(opponent))
  }

  /** "A vs B" as a line of text (OBS's text sources; pages isolate each name instead). */
  versusLine(match: Pick<FeedMatch, 'opponents'>): string {
    return this.names(match).join(` ${this.words.versus} `)
  }

  /** "in 12 minutes", "in 2 hours" as the language says it. */
  inMinutes(minutes: number): string {
    return minutes < 90
      ? this.relative.format(minutes, 'minute')
      : this.relative.format(Math.round(minutes / 60), 'hour')
  }

  /**
   * When each queued match of a stream is expected, in queue order, the same in the desk and the up-next overlay: the
   * match Take next would take (the first decided one) is "next up"; a match still waiting for its opponents is "to be
   * decided"; every later one "on stream in N minutes", never sooner than the one before it (nor than 2 min); null
   * where nothing is known.
   */
  queueTimes(queue: readonly Pick<FeedMatch, 'estimatedStart' | 'decided'>[], now = Date.now()): (string | null)[] {
    const { upNext } = this.words
    let nextUp = false
    let floor = 2
    return queue.map((match) => {
      if (!match.decided) return upNext.toBeDecided
      if (!nextUp) {
        nextUp = true
        return upNext.nextUp
      }
      if (!match.estimatedStart) return null
      floor = Math.max(floor, Math.round((Date.parse(match.estimatedStart) - now) / MINUTE))
      return this.say(upNext.onStream, { when: this.inMinutes(floor) })
    })
  }

  /** "Bo3 · 1–0" where the stage's format gives the best-of (and the games won so far); null where it does not. */
  series(match: Pick<FeedMatch, 'bestOf' | 'opponents'> & { swapped?: boolean }): string | null {
    if (match.bestOf === null || match.bestOf < 2) return null
    const short = this.say(this.words.series.short, { n: match.bestOf })
    const [left, right] = leftToRight(match)
    const scored = typeof left?.score === 'number' && typeof right?.score === 'number'
    return scored ? `${short} · ${this.say('{a}–{b}', { a: left.score!, b: right.score! })}` : short
  }

  /** "Best of 3", for screen readers. */
  seriesLong(bestOf: number): string {
    return this.count(this.words.series.long, bestOf)
  }

  /** The countdown of a break: "A vs B in 8 minutes", or "A vs B next" when due or not known. */
  countdown(match: FeedMatch | null, now: number): string {
    if (!match) return ''
    return `${this.versusLine(match)} ${this.when(match, now)}`
  }

  /** When the next match is expected: "in 8 minutes", or "next". */
  when(match: Pick<FeedMatch, 'estimatedStart'>, now: number): string {
    const minutes = minutesUntil(match, now)
    return minutes === null ? this.words.break.next : this.inMinutes(minutes)
  }

  /** "Lille Vipers 2 – 1 Bilbao Comets": a finished match as a line of text. */
  resultLine(match: Pick<FeedMatch, 'opponents'> & { swapped?: boolean }): string {
    const [left, right] = leftToRight(match)
    const name = (opponent: FeedOpponent) => this.opponentName(opponent)
    if (!left || !right) return match.opponents.map((o) => `${name(o)} ${o.score ?? ''}`.trim()).join(', ')
    return `${name(left)} ${left.score ?? 0} – ${right.score ?? 0} ${name(right)}`
  }

  /**
   * One game of the live layer as a line: "Game 2: Bolt · Inferno · 13–9 · Ryu – Ken" (winner, map, rounds and the
   * picks left to right as the scoreboard has the sides; a pick set for one side only says whose: "Chun-Li (Bolt)").
   */
  gameLine(match: Pick<FeedMatch, 'opponents'> & { swapped?: boolean }, n: number, game: FeedGame): string {
    const winner = game.winner === null ? null : match.opponents[game.winner]
    const sides = match.swapped ? ([1, 0] as const) : ([0, 1] as const)
    const set = sides.filter((side) => game.picks[side])
    const picks =
      set.length === 2
        ? sides.map((side) => game.picks[side]).join(' – ')
        : set.length === 1
          ? `${game.picks[set[0]!]} (${this.opponentName(match.opponents[set[0]!]!)})`
          : null
    const rounds = game.rounds ? sides.map((side) => this.numbers.format(game.rounds![side])).join('–') : null
    const parts = [winner ? this.opponentName(winner) : null, game.map, rounds, picks].filter(Boolean)
    const title = this.say(this.words.scoreboard.game, { n })
    return parts.length ? `${title}: ${parts.join(' · ')}` : title
  }

  /** One step of a veto: "Ghent Vipers bans Nuke", "Ancient (decider)". */
  vetoLine(match: Pick<FeedMatch, 'opponents'>, step: VetoStep): string {
    const team = step.side === null ? '' : this.opponentName(match.opponents[step.side]!)
    return this.say(this.words.veto[step.action], { team, item: step.item })
  }

  /**
   * A veto step in parts, so an overlay can end a long team name with an ellipsis and never the item:
   * [team "Ghent Vipers", text " bans ", item "Nuke"], in the language's order.
   */
  vetoParts(match: Pick<FeedMatch, 'opponents'>, step: VetoStep): { part: 'team' | 'item' | 'text'; text: string }[] {
    const team = step.side === null ? '' : this.opponentName(match.opponents[step.side]!)
    return this.words.veto[step.action]
      .split(/(\{team\}|\{item\})/)
      .filter(Boolean)
      .map((piece) =>
        piece === '{team}'
          ? { part: 'team' as const, text: team }
          : piece === '{item}'
            ? { part: 'item' as const, text: step.item }
            : { part: 'text' as const, text: piece },
      )
  }

  /** The casters' heading for how many there are ("Caster", "Casters"). */
  castersTitle(count: number): string {
    return this.count(this.words.casters.title, count)
  }

  /** A call on the venue floor: "Called: A vs B → Station 7". */
  called(opponents: readonly string[], station: string): string {
    return this.say(this.words.floor.called, { match: opponents.join(` ${this.words.versus} `), station })
  }

  /** "A, B and C" as the language joins a list. */
  list(items: readonly string[]): string {
    return this.lists.format(items)
  }

  private label(name: MatchName, words: Catalogue['round']): string {
    const values = { round: name.round, match: name.match, group: name.group ?? '' }
    if (name.kind === 'grand-final') return words.grandFinal
    if (name.kind === 'grand-final-reset') return words.grandFinalReset
    if (name.kind === 'final') return words.final
    if (name.branch) return this.say(name.branch === 'losers' ? words.losers : words.winners, values)
    return this.say(name.group ? words.group : words.plain, values)
  }
}

const made = new Map<ViewerLocale, Words>()

/** The words of a locale (made once each). */
export function wordsFor(locale: ViewerLocale): Words {
  let words = made.get(locale)
  if (!words) made.set(locale, (words = new Words(locale)))
  return words
}

/** The language an overlay speaks: `lang=` when it names a catalogue, else the tournament's default, else English. */
/** A duel's opponents left to right as the scoreboard draws them (the producer may have swapped the sides). */
function leftToRight(match: Pick<FeedMatch, 'opponents'> & { swapped?: boolean }): FeedOpponent[] {
  const [first, second] = match.opponents
  return match.swapped && first && second ? [second, first] : [...match.opponents]
}

export function overlayLocale(asked: string | null, feed: Pick<Feed, 'tournament'> | null): ViewerLocale {
  return viewerLocaleOf(asked) ?? viewerLocaleOf(feed?.tournament.locale) ?? 'en_US'
}
