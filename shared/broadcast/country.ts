// Which country a participant plays for on air: its own ISO 3166-1 alpha-2 code, or for a team the country most of
// its lineup shares (the first named on a tie); null when none is known.
type WithCountry = { country?: string | null }

const code = (value: string | null | undefined): string | null =>
  value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null

export function countryOfParticipant(participant: WithCountry & { lineup?: readonly WithCountry[] }): string | null {
  const own = code(participant.country)
  if (own) return own
  const counts = new Map<string, number>()
  for (const member of participant.lineup ?? []) {
    const country = code(member.country)
    if (country) counts.set(country, (counts.get(country) ?? 0) + 1)
  }
  let best: string | null = null
  for (const [country, count] of counts) if (best === null || count > counts.get(best)!) best = country
  return best
}
