// Participants: a team with its lineup and custom fields becomes one create body; bad lineup emails are refused first;
// 5,000 people are searched as you type and drawn a screenful at a time.
import { render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, calls } from '../test-support/fake-api'
import { selection } from '../lib/desks/selection.svelte'
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

  it('searches 5,000 people as you type by name, badge code or email, and draws only a screenful of rows', async () => {
    const people = Array.from({ length: 5000 }, (_, i) => ({
      id: `p${i}`,
      tournament_id: 't1',
      type: 'player',
      name: `Astrablade ${i + 1}`,
      email: `player${i + 1}@example.org`,
      custom_user_identifier: `BADGE-${String(i + 1).padStart(4, '0')}`,
      checked_in: false,
      custom_fields: {},
    }))
    answer('participants:list', () => ({ items: people, refreshedAt: Date.now() }))
    render(ParticipantsView)
    const user = userEvent.setup()
    await expect.poll(() => screen.getByTestId('participants-shown').textContent).toMatch('5000 participants')
    const table = within(screen.getByTestId('participant-rows')).getByRole('table')
    expect(table.getAttribute('aria-rowcount')).toBe('5001')
    expect(within(table).getAllByRole('row').length).toBeLessThan(60)
    await user.type(screen.getByTestId('participant-search'), 'badge-0042')
    expect(screen.getByTestId('participants-shown').textContent).toMatch('1 of 5000 match')
    expect(within(table).getByText('Astrablade 42')).toBeTruthy()
    // Each row's buttons name whom they act on.
    expect(within(table).getByRole('button', { name: 'Edit Astrablade 42' })).toBeTruthy()
    expect(within(table).getByRole('button', { name: 'Remove Astrablade 42' })).toBeTruthy()
    await user.clear(screen.getByTestId('participant-search'))
    await user.type(screen.getByTestId('participant-search'), 'player4999@')
    expect(within(table).getByText('Astrablade 4999')).toBeTruthy()
  })
})
