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

/** Whether a match fits `query` (already `plain`); an empty query fits every match. */
export function fitsSearch(query: string, label: MatchLabel, number: number, names: readonly string[]): boolean {
  if (!query) return true
  const labels = [label.long, label.short, `match ${number}`].map(plain)
  if (labels.some((text) => text.includes(query))) return true
  const joined = names.map(plain).join(' ')
  return query.split(' ').every((word) => joined.includes(word))
}
