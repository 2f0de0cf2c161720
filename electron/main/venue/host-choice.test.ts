// The one hosting rule, as every desk computes it: a head organiser's handover is followed once; a desk without a host
// for a while asks, then joins a desk that hosts (the most senior, if two do), else the most senior of a majority
// hosts and a minority waits; a host keeps a majority and steps down from a minority; the same choice on every desk.
import { describe, expect, it } from 'vitest'
import { LOST_MS, hostChoice, isMajority, type HostFacts } from './host-choice'

const NOW = 1_000_000
/** Desk `self` with no host for a while, in a venue of desks a–d (a most senior). */
const facts = (self: string, more: Partial<HostFacts> = {}): HostFacts => ({
  self,
  desks: ['a', 'b', 'c', 'd'],
  aloneInVenue: false,
  handover: undefined,
  followedHandoverAt: undefined,
  member: true,
  linked: false,
  joined: 0,
  lostSince: NOW - LOST_MS,
  minoritySince: undefined,
  now: NOW,
  ...more,
})

describe('choosing the host', () => {
  it('asks first, then joins a desk that hosts desks already (the most senior, if two do)', () => {
    expect(hostChoice(facts('c'), null)).toEqual({ kind: 'ask' })
    const answers = [
      { deskId: 'd', joined: 1 },
      { deskId: 'b', joined: 2 },
      { deskId: 'a', joined: 0 },
    ]
    expect(hostChoice(facts('c'), answers)).toEqual({ kind: 'join', deskId: 'b' })
  })

  it('makes the most senior desk of a majority host, the same on each desk of it, whatever the ids', () => {
    const desks = ['z', 'b', 'c', 'a']
    const answers = (self: string) =>
      ['b', 'c', 'a'].filter((id) => id !== self).map((deskId) => ({ deskId, joined: 0 }))
    // Desk z (the founder, the old host) is gone: 3 of 4 are up, b was admitted first of them.
    expect(hostChoice(facts('b', { desks }), answers('b'))).toEqual({ kind: 'host', named: true })
    expect(hostChoice(facts('c', { desks }), answers('c'))).toEqual({ kind: 'join', deskId: 'b' })
    expect(hostChoice(facts('a', { desks }), answers('a'))).toEqual({ kind: 'join', deskId: 'b' })
  })

  it('never hosts in a minority or a tie, and waits until the host has been gone a while', () => {
    expect(hostChoice(facts('a'), [{ deskId: 'b', joined: 0 }])).toEqual({ kind: 'wait' })
    expect(hostChoice(facts('a', { desks: ['a', 'b', 'c'] }), [])).toEqual({ kind: 'wait' })
    expect(hostChoice(facts('a', { lostSince: NOW - 10 }), null)).toEqual({ kind: 'stay' })
    expect([isMajority(2, 4), isMajority(3, 4), isMajority(2, 3)]).toEqual([false, true, true])
  })

  it('passes over an answer from a desk not in the venue', () => {
    const answers = [
      { deskId: 'mallory', joined: 3 },
      { deskId: 'b', joined: 0 },
      { deskId: 'c', joined: 0 },
    ]
    expect(hostChoice(facts('d'), answers)).toEqual({ kind: 'join', deskId: 'b' })
  })

  it('follows a head organiser’s handover once, then goes by the rule', () => {
    const handover = { deskId: 'c', at: 5 }
    expect(hostChoice(facts('a', { handover, linked: true }), null)).toEqual({ kind: 'join', deskId: 'c' })
    expect(hostChoice(facts('c', { handover, member: true }), null)).toEqual({ kind: 'host', named: false })
    expect(hostChoice(facts('a', { handover, followedHandoverAt: 5, linked: true }), null)).toEqual({ kind: 'stay' })
  })

  it('keeps hosting a majority, steps down from a minority after a while, and hosts alone once every other desk is out', () => {
    expect(hostChoice(facts('a', { member: false, joined: 2 }), null)).toEqual({ kind: 'stay' })
    expect(hostChoice(facts('a', { member: true, joined: 2 }), null)).toEqual({ kind: 'host', named: true })
    expect(hostChoice(facts('a', { member: false, joined: 1, minoritySince: NOW - LOST_MS }), null)).toEqual({
      kind: 'step-down',
    })
    expect(hostChoice(facts('a', { member: false, joined: 1, minoritySince: NOW - 10 }), null)).toEqual({
      kind: 'stay',
    })
    expect(hostChoice(facts('a', { desks: ['a'], aloneInVenue: true }), null)).toEqual({ kind: 'host', named: false })
  })
})
