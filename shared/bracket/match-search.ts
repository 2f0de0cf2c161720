// Finding a match as people ask for it: by its label ("round 3 match 2", "wb r3 m2", "grand final") as a phrase, or
// by its players (every word of the search in one of their names: "nova", "nova echo"). Used by the desk and bracket.
import type { MatchLabel } from './match-labels'

/** Lowercase, with punctuation (·, -, :) as spaces: "Winners round 3 · match 2" → "winners round 3 match 2". */
export function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** How well a match fits a search, best first: its whole label, a phrase of whole words in it, part of it or a name. */
export const FIT = { exact: 3, words: 2, partial: 1, none: 0 } as const

/**
 * How well a match fits `query` (already `plain`): "wb r3 m2" is exactly the label WB R3 M2 (not M20 nor M200, which
 * only contain it); "round 3" is a phrase of whole words in "Winners round 3 · match 2"; "nova" is part of a player's
 * name. An empty query fits every match.
 */
export function searchFit(
  query: string,
  label: Pick<MatchLabel, 'long' | 'short'>,
  number: number,
  names: readonly string[],
): number {
  if (!query) return FIT.partial
  const labels = [label.long, label.short, `match ${number}`].map(plain)
  if (labels.includes(query)) return FIT.exact
  if (labels.some((text) => ` ${text} `.includes(` ${query} `))) return FIT.words
  if (labels.some((text) => text.includes(query))) return FIT.partial
  const joined = names.map(plain).join(' ')
  return query.split(' ').every((word) => joined.includes(word)) ? FIT.partial : FIT.none
}

/** Whether a match fits `query` (already `plain`); an empty query fits every match. */
export function fitsSearch(
  query: string,
  label: Pick<MatchLabel, 'long' | 'short'>,
  number: number,
  names: readonly string[],
): boolean {
  return searchFit(query, label, number, names) > FIT.none
}
