import { describe, expect, it } from 'vitest'
import { byNaturalName, naturalCompare } from './natural-order'

describe('natural order', () => {
  it('puts "Astrablade 2" before "Astrablade 10", ignoring case and accents', () => {
    const names = ['Astrablade 10', 'astrablade 2', 'Astrablade 1', 'Émile', 'emil', 'Zed']
    expect([...names].sort(naturalCompare)).toEqual([
      'Astrablade 1',
      'astrablade 2',
      'Astrablade 10',
      'emil',
      'Émile',
      'Zed',
    ])
  })

  it('sorts things by their names the same way', () => {
    const people = [{ name: 'Team 12' }, { name: 'Team 9' }, { name: 'team 100' }]
    expect(people.sort(byNaturalName).map((p) => p.name)).toEqual(['Team 9', 'Team 12', 'team 100'])
  })
})
