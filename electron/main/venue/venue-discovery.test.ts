// Desks found on the venue network by mDNS: anything may announce any name, so two desks of one name are both marked
// (first come is not first listed as the real one), each with the fingerprint it announced.
import { describe, expect, it } from 'vitest'
import { markSameNames } from './venue-discovery'

describe('desks found on the network', () => {
  it('marks both of two desks answering to one name, and no other', () => {
    const found = markSameNames([
      { name: 'Main desk', address: 'http://10.0.0.9:7310', fingerprint: 'ZZZZ-ZZZZ', sameName: false },
      { name: 'Floor desk', address: 'http://10.0.0.3:7310', fingerprint: '3333-3333', sameName: false },
      { name: 'Main desk', address: 'http://10.0.0.2:7310', fingerprint: '7KQ2-M9XD', sameName: false },
    ])
    expect(found.map((desk) => [desk.name, desk.fingerprint, desk.sameName])).toEqual([
      ['Floor desk', '3333-3333', false],
      ['Main desk', '7KQ2-M9XD', true],
      ['Main desk', 'ZZZZ-ZZZZ', true],
    ])
  })
})
