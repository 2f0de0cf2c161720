// Answers on their way to the page: list answers packed, a kept (frozen) list packed once, everything else as it is.
import { describe, expect, it } from 'vitest'
import { unpackAnswer } from '../../../shared/ipc/wire'
import { answerForWire } from './wire'

const node = (id: string, name: string) => ({ id, opponents: [{ participant: { id: `p${id}`, name } }] })

describe('answers for the wire', () => {
  it('pack a list answer the page unpacks to the same value', () => {
    const answer = { ok: true as const, value: { items: [node('1', 'Nova'), node('2', 'Vex')], refreshedAt: 5 } }
    const crossed = answerForWire('bracket:nodes', answer)
    expect(crossed).not.toEqual(answer)
    expect(unpackAnswer('bracket:nodes', JSON.parse(JSON.stringify(crossed)) as typeof crossed)).toEqual(answer)
  })

  it('pack a kept (frozen) list once, and a list that can still change each time', () => {
    const kept = Object.freeze([node('1', 'Nova')])
    const first = answerForWire('bracket:nodes', { ok: true, value: { items: kept, refreshedAt: 1 } })
    const again = answerForWire('bracket:nodes', { ok: true, value: { items: kept, refreshedAt: 2 } })
    expect((again as { value: { items: unknown } }).value.items).toBe(
      (first as { value: { items: unknown } }).value.items,
    )
    expect((again as { value: { refreshedAt: number } }).value.refreshedAt).toBe(2)

    const open = [node('1', 'Nova')]
    answerForWire('bracket:nodes', { ok: true, value: { items: open, refreshedAt: 1 } })
    open[0]!.opponents[0]!.participant.name = 'Renamed'
    const later = answerForWire('bracket:nodes', { ok: true, value: { items: open, refreshedAt: 1 } })
    expect(unpackAnswer('bracket:nodes', later)).toEqual({ ok: true, value: { items: open, refreshedAt: 1 } })
  })

  it('leave other answers and every refusal as they are', () => {
    const info = { ok: true as const, value: { items: [1, 2, 3] } }
    expect(answerForWire('app:info', info)).toBe(info)
    const refused = { ok: false as const, error: { code: 'offline' as const, message: 'offline' } }
    expect(answerForWire('bracket:nodes', refused)).toBe(refused)
  })
})
