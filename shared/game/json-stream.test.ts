// JSON objects back to back, however the stream cuts them: Rocket League's real capture split whole, bounded.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { JsonObjectSplitter } from './json-stream'

const eventOf = (text: string) => (JSON.parse(text) as { Event: string }).Event

const capture = readFileSync(
  new URL('../../tests/fixtures/real/rocketleague/xentrick_player_tcp_stream_full.raw', import.meta.url),
  'utf8',
)

/** The objects of `text` pushed in chunks of the given sizes, in turn. */
function split(text: string, sizes: number[], max = 1 << 20) {
  const splitter = new JsonObjectSplitter(max)
  const objects: string[] = []
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length]!
    const out = splitter.push(text.slice(at, at + size))
    if ('error' in out) return { error: out.error, objects }
    objects.push(...out.objects)
    at += size
  }
  return { objects, pending: splitter.pending }
}

describe('JSON objects back to back', () => {
  it('splits the real capture into its 438 messages, whole, however the chunks fall', () => {
    const whole = split(capture, [capture.length])
    expect(whole.objects).toHaveLength(438)
    expect(whole.pending).toBe(false)
    for (const sizes of [[1], [7, 300, 2], [4096]]) expect(split(capture, sizes).objects).toEqual(whole.objects)
    expect(eventOf(whole.objects[0]!)).toBe('UpdateState')
  })

  it('keeps braces inside strings and escaped quotes as text', () => {
    const text = '{"Event":"x","Data":"{\\"a\\":\\"}\\\\\\"\\"}"}{"Event":"y"}'
    expect(split(text, [3]).objects.map(eventOf)).toEqual(['x', 'y'])
  })

  it('stops at text between messages and at a message over the limit', () => {
    expect(split('{"a":1} x{"b":2}', [100])).toMatchObject({ error: 'the feed sent "x" between its messages' })
    expect(split(`{"a":"${'x'.repeat(200)}`, [50], 100)).toMatchObject({ error: 'a message over 100 characters' })
    // Whole in one chunk, too.
    expect(split(`{"a":"${'x'.repeat(200)}"}`, [1000], 100)).toMatchObject({ error: 'a message over 100 characters' })
  })
})
