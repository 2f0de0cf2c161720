import { describe, expect, it } from 'vitest'
import { discordMessage } from './floor-webhook'

describe('a call in Discord’s format', () => {
  it('takes Markdown literally, so a player’s name is never a link, and pings no one', () => {
    const body = JSON.parse(discordMessage('Called: [free nitro](https://x.example) vs @everyone → Station 1')) as {
      content: string
      allowed_mentions: unknown
    }
    expect(body.content).toBe('Called\\: \\[free nitro\\]\\(https\\://x.example\\) vs @everyone → Station 1')
    expect(body.allowed_mentions).toEqual({ parse: [] })
  })

  it('keeps a name on one line and literal: no heading, list, quote or link preview', () => {
    const content = (name: string) => (JSON.parse(discordMessage(name)) as { content: string }).content
    expect(content('Vipers\n# HUGE')).toBe('Vipers \\# HUGE')
    expect(content('# HUGE')).toBe('\\# HUGE')
    expect(content('- item')).toBe('\\- item')
    expect(content('+ item')).toBe('\\+ item')
    expect(content('1. first')).toBe('1\\. first')
    expect(content('> quoted')).toBe('\\> quoted')
    expect(content('see https://x.example/a')).toBe('see https\\://x.example/a')
    expect(content('a\r\nb\u2028c')).toBe('a b c')
    expect((JSON.parse(discordMessage('x')) as { flags: number }).flags).toBe(4)
  })

  it('stays within Discord’s 2,000 characters', () => {
    const body = JSON.parse(discordMessage('x'.repeat(5000))) as { content: string }
    expect(body.content).toHaveLength(2000)
  })
})
