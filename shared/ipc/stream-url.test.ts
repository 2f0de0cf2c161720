// A stream's page is https only in Matchdesk's forms and IPC, as the form's label says; the field names the rule.
import { describe, expect, it } from 'vitest'
import { contract } from './contract'

const body = (url: string) => ({ tournament_id: '123', name: 'Main', url, language: 'en' })

describe('stream addresses', () => {
  it('accepts https and refuses http, javascript and ftp with a message on the url field', () => {
    expect(contract['streams:create'].input.safeParse({ body: body('https://twitch.tv/a') }).success).toBe(true)
    for (const url of ['http://twitch.tv/a', 'javascript:alert(1)', 'ftp://example.org/a']) {
      const result = contract['streams:create'].input.safeParse({ body: body(url) })
      expect(result.success).toBe(false)
      expect(result.error!.issues[0]).toMatchObject({
        path: ['body', 'url'],
        message: 'url must be an https:// address',
      })
    }
    const edit = contract['streams:update'].input.safeParse({ id: '1', body: { url: 'http://twitch.tv/a' } })
    expect(edit.error!.issues[0]!.message).toBe('url must be an https:// address')
    expect(contract['streams:update'].input.safeParse({ id: '1', body: { name: 'Side' } }).success).toBe(true)
  })
})
