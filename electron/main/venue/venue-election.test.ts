// The rule every desk computes the same way when the host is gone: join a desk that hosts, else the lowest id of a
// majority hosts, a minority waits; the same choice on every desk of one side.
import { describe, expect, it } from 'vitest'
import { chooseHost, isMajority } from './venue-election'

describe('choosing the host', () => {
  it('joins a desk that hosts desks already (the lowest, if two do)', () => {
    expect(
      chooseHost(
        'c',
        [
          { deskId: 'd', joined: 1 },
          { deskId: 'b', joined: 2 },
          { deskId: 'a', joined: 0 },
        ],
        4,
      ),
    ).toEqual({
      kind: 'join',
      deskId: 'b',
    })
  })

  it('makes the lowest id of a majority host, the same on each desk of it', () => {
    const answers = (self: string) =>
      ['b', 'c', 'd'].filter((id) => id !== self).map((deskId) => ({ deskId, joined: 0 }))
    // Desk a (the old host) is gone: 3 of 4 are up.
    expect(chooseHost('b', answers('b'), 4)).toEqual({ kind: 'host' })
    expect(chooseHost('c', answers('c'), 4)).toEqual({ kind: 'join', deskId: 'b' })
    expect(chooseHost('d', answers('d'), 4)).toEqual({ kind: 'join', deskId: 'b' })
  })

  it('never hosts in a minority or a tie, whatever its id', () => {
    expect(chooseHost('a', [{ deskId: 'b', joined: 0 }], 4)).toEqual({ kind: 'wait' })
    expect(chooseHost('a', [], 3)).toEqual({ kind: 'wait' })
    expect(chooseHost('a', [], 1)).toEqual({ kind: 'host' })
    expect([isMajority(2, 4), isMajority(3, 4), isMajority(2, 3)]).toEqual([false, true, true])
  })
})
