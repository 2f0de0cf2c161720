// A participant's country on air: its own, or its lineup's most shared, or none.
import { describe, expect, it } from 'vitest'
import { countryOfParticipant } from './country'

describe('countryOfParticipant', () => {
  it('takes a player’s own country, as an upper-case code', () => {
    expect(countryOfParticipant({ country: 'de' })).toBe('DE')
  })

  it('takes the country most of a team’s lineup shares, the first named on a tie', () => {
    const lineup = [{ country: 'FR' }, { country: 'SE' }, { country: 'SE' }, { country: null }]
    expect(countryOfParticipant({ country: null, lineup })).toBe('SE')
    expect(countryOfParticipant({ lineup: [{ country: 'PL' }, { country: 'IT' }] })).toBe('PL')
  })

  it('says none when nothing readable is known', () => {
    expect(countryOfParticipant({ country: 'Germany', lineup: [] })).toBeNull()
    expect(countryOfParticipant({})).toBeNull()
  })
})
