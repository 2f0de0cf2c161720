// Participants: a team with its lineup and custom fields becomes one create body; bad lineup emails are refused first.
import { render, screen } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, calls } from '../test-support/fake-api'
import { selection } from '../lib/selection.svelte'
import ParticipantsView from './ParticipantsView.svelte'

beforeEach(() => {
  selection.choose({ id: 't1', name: 'Cup', participantType: 'team' })
  answer('participants:list', () => ({ items: [], refreshedAt: Date.now() }))
  answer('participants:create', ({ body }: { body: { name: string } }) => ({ id: 'p1', ...body }))
})

describe('participants view', () => {
  it('creates a team with its lineup and custom fields, after refusing a bad lineup email', async () => {
    render(ParticipantsView)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Name (40 max)'), 'Lyon Wolves')
    await user.click(screen.getByRole('button', { name: 'Add a player' }))
    await user.type(screen.getByLabelText('Player 1 name'), 'Ana')
    await user.type(screen.getByLabelText('Player 1 email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Add a field' }))
    await user.type(screen.getByLabelText('Field name'), 'seed')
    await user.type(screen.getByLabelText('Field value'), '3')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/lineup.email must be an email address/)
    expect(calls.some((c) => c.channel === 'participants:create')).toBe(false)
    await user.clear(screen.getByLabelText('Player 1 email'))
    await user.type(screen.getByLabelText('Player 1 email'), 'ana@example.org')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await expect
      .poll(() => calls.find((c) => c.channel === 'participants:create')?.input)
      .toEqual({
        body: {
          type: 'team',
          tournament_id: 't1',
          logo: null,
          name: 'Lyon Wolves',
          custom_fields: { seed: '3' },
          lineup: [{ name: 'Ana', email: 'ana@example.org' }],
        },
      })
  })
})
