// The casters' lower third: each caster's handle and pronouns read apart (a separator between them), each where given.
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { Feed } from '../../../../shared/broadcast/feed'
import Casters from './Casters.svelte'

const feed = (casters: { name: string; handle: string; pronouns: string }[]): Feed =>
  Feed.parse({
    stream: { id: 's', name: 'Main', url: 'https://x.tv', language: 'en' },
    tournament: { id: 't', name: 'Cup' },
    casters,
    onAir: null,
    next: [],
    onAirPath: null,
    held: false,
    updatedAt: '2026-11-27T12:00:00Z',
  })

describe('the casters card', () => {
  it('sets a caster’s handle and pronouns apart, and says only what is given', () => {
    render(Casters, {
      feed: feed([
        { name: 'Ana', handle: '@ana', pronouns: 'she/her' },
        { name: 'Bo', handle: '', pronouns: 'they/them' },
        { name: 'Cy', handle: '@cy', pronouns: '' },
      ]),
    })
    const meta = screen.getAllByTestId('caster-meta').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').trim())
    expect(meta).toEqual(['@ana · she/her', 'they/them', '@cy'])
  })
})
