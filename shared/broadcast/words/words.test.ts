// Every catalogue is complete (each message of American English, with the same values put in, and each plural form
// its language's rules name), and the words say what a viewer of each language reads.
import { describe, expect, it } from 'vitest'
import type { FeedMatch } from '../feed'
import { CATALOGUES, overlayLocale, VIEWER_LOCALES, viewerLocaleOf, wordsFor, languageTag } from '.'

type Tree = { [key: string]: string | Tree }
const leaves = (tree: Tree, prefix = ''): [string, string | Tree][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    // A plural message is a leaf: an object with its `other` form.
    typeof value === 'string' || typeof value.other === 'string'
      ? [[`${prefix}${key}`, value]]
      : leaves(value, `${prefix}${key}.`),
  )
const valuesIn = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('message catalogues', () => {
  const english = new Map(leaves(CATALOGUES.en_US as unknown as Tree))
  for (const locale of VIEWER_LOCALES) {
    it(`${locale} has every message, the same values, and every plural form its language needs`, () => {
      const own = new Map(leaves(CATALOGUES[locale] as unknown as Tree))
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort())
      const categories = new Intl.PluralRules(languageTag(locale)).resolvedOptions().pluralCategories
      for (const [key, message] of own) {
        const reference = english.get(key)!
        if (typeof message === 'string') {
          expect(message.trim(), `${locale} ${key}`).not.toBe('')
          expect(valuesIn(message), `${locale} ${key}`).toEqual(valuesIn(reference as string))
          continue
        }
        for (const category of categories) expect(message[category], `${locale} ${key}.${category}`).toBeTruthy()
        for (const form of Object.values(message))
          expect(valuesIn(form as string)).toEqual(valuesIn((reference as Tree)['other'] as string))
      }
    })
  }
})

const NOW = Date.parse('2026-11-22T15:00:00Z')
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString()
const side = (name: string, score: number | null) => ({
  name,
  score,
  result: null,
  checkedIn: true,
  country: null,
  waitsFor: null,
})
const match = (over: Partial<FeedMatch> = {}): FeedMatch => ({
  id: 'm',
  label: 'Winners round 3 · match 2',
  name: { kind: 'round', branch: 'winners', group: null, round: 3, match: 2 },
  status: 'running',
  scheduledAt: null,
  estimatedStart: null,
  opponents: [side('Lille Vipers', 1), side('Bilbao Comets', 0)],
  decided: true,
  bestOf: 3,
  games: null,
  swapped: false,
  ...over,
})

describe('words', () => {
  it('says a round, what a slot waits for and the series in each language', () => {
    expect(wordsFor('fr').matchLabel(match())).toBe('Gagnants · tour 3 · match 2')
    expect(
      wordsFor('de').matchLabel(
        match({ name: { kind: 'grand-final', branch: null, group: null, round: 1, match: 1 } }),
      ),
    ).toBe('Großes Finale')
    expect(wordsFor('en_US').matchLabel(match({ name: null, label: 'Match 4' }))).toBe('Match 4')
    const waiting = {
      ...side('Winner of WB R2 M3', null),
      waitsFor: {
        outcome: 'winner' as const,
        match: { kind: 'round' as const, branch: 'winners' as const, group: null, round: 2, match: 3 },
      },
    }
    expect(wordsFor('fr').opponentName(waiting)).toBe('Vainqueur de WB T2 M3')
    expect(wordsFor('es').opponentName({ ...waiting, waitsFor: { outcome: null, match: null } })).toBe('Por determinar')
    expect(wordsFor('en_US').series(match())).toBe('Bo3 · 1–0')
    expect(wordsFor('pt_BR').series(match())).toBe('MD3 · 1–0')
    expect(wordsFor('en_US').series(match({ bestOf: 1 }))).toBeNull()
    expect(wordsFor('en_US').series(match({ bestOf: null }))).toBeNull()
    expect(wordsFor('en_US').series(match({ opponents: [side('A', null), side('B', null)] }))).toBe('Bo3')
    // Left to right as the room swapped the sides on the scoreboard.
    expect(wordsFor('en_US').series(match({ swapped: true }))).toBe('Bo3 · 0–1')
    expect(wordsFor('en_US').resultLine(match({ swapped: true }))).toBe('Bilbao Comets 0 – 1 Lille Vipers')
    // A round without its match (the top 8's headings), and a slot's match said in full where room allows.
    const reset = { kind: 'grand-final-reset' as const, branch: null, group: null, round: 1, match: 1 }
    expect(wordsFor('en_US').roundLabel(reset)).toBe('Grand final · reset')
    expect(wordsFor('en_US').roundLabel({ ...waiting.waitsFor.match, round: 10 })).toBe('Winners round 10')
    expect(wordsFor('en_US').opponentName(waiting, 'long')).toBe('Winner of Winners round 2 · match 3')
  })

  it('takes plurals, relative times and lists from the platform', () => {
    expect(wordsFor('pl').seriesLong(3)).toBe('Seria na 3 gry')
    expect(wordsFor('pl').seriesLong(5)).toBe('Seria na 5 gier')
    expect(wordsFor('ar').castersTitle(2)).toBe('المعلقان')
    expect(wordsFor('en_GB').castersTitle(1)).toBe('Commentator')
    expect(wordsFor('fr').inMinutes(12)).toBe('dans 12 minutes')
    expect(wordsFor('de').inMinutes(1)).toBe('in 1 Minute')
    expect(wordsFor('en_GB').list(['Ana', 'Bo', 'Cy'])).toBe('Ana, Bo and Cy')
    expect(wordsFor('en_US').list(['Ana', 'Bo', 'Cy'])).toBe('Ana, Bo, and Cy')
  })

  it('says "next up" once, and never a later match sooner than the one before it', () => {
    const queue = [28, 29, 0, 29, 12].map((minutes) => ({ estimatedStart: at(minutes), decided: true }))
    const times = wordsFor('en_US').queueTimes(queue, NOW)
    expect(times).toEqual([
      'next up',
      'on stream in 29 minutes',
      'on stream in 29 minutes',
      'on stream in 29 minutes',
      'on stream in 29 minutes',
    ])
    expect(
      wordsFor('fr').queueTimes(
        [
          { estimatedStart: at(1), decided: false },
          { estimatedStart: at(5), decided: true },
          { estimatedStart: null, decided: true },
          { estimatedStart: at(40), decided: true },
        ],
        NOW,
      ),
    ).toEqual(['à déterminer', 'juste après', null, 'à l’antenne dans 40 minutes'])
  })

  it('picks the language from lang=, then the tournament, then English; Arabic reads right to left', () => {
    const feed = { tournament: { id: 't', name: 'Cup', locale: 'fr', logo: null } }
    expect(overlayLocale('pt-br', feed)).toBe('pt_BR')
    expect(overlayLocale(null, feed)).toBe('fr')
    expect(overlayLocale('xx', { tournament: { ...feed.tournament, locale: null } })).toBe('en_US')
    expect(viewerLocaleOf('de-AT')).toBe('de')
    expect(viewerLocaleOf('en')).toBe('en_US')
    expect(wordsFor('ar').direction).toBe('rtl')
    expect(wordsFor('fr').countdown(match({ estimatedStart: at(8) }), NOW)).toBe(
      'Lille Vipers vs Bilbao Comets dans 8 minutes',
    )
    expect(wordsFor('ar').countdown(match(), NOW)).toBe('Lille Vipers ضد Bilbao Comets التالي')
  })
})
