import { describe, expect, it } from 'vitest'
import { discordMessage } from './floor-webhook'

describe('a call in Discord’s format', () => {
  it('takes Markdown literally, so a player’s name is never a link, and pings no one', () => {
    const body = JSON.parse(discordMessage('Called: [free nitro](https://x.example) vs @everyone → Station 1')) as {
      content: string
      allowed_mentions: unknown
    }
    expect(body.content).toBe('Called: \\[free nitro\\]\\(https://x.example\\) vs @everyone → Station 1')
    expect(body.allowed_mentions).toEqual({ parse: [] })
  })

  it('stays within Discord’s 2,000 characters', () => {
    const body = JSON.parse(discordMessage('x'.repeat(5000))) as { content: string }
    expect(body.content).toHaveLength(2000)
  })
})
