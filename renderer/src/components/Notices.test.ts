// Main's notices (a damaged file moved aside) stay until dismissed, shown once however they arrive.
import { render, screen } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, emit } from '../test-support/fake-api'
import { appInfo } from '../lib/desks/app-info.svelte'
import { notices } from '../lib/ipc/notices.svelte'
import Notices from './Notices.svelte'

const moved = {
  id: 1,
  level: 'warning',
  message: 'profiles.json could not be read: it was kept as /data/profiles.json.unreadable-x.',
}

describe('notices', () => {
  it('shows what main recorded before the window opened, once, until dismissed', async () => {
    answer('app:info', () => ({
      version: '1',
      profile: { id: 'demo', name: 'Demo venue', demo: true },
      notices: [moved],
    }))
    const stop = notices.start()
    render(Notices)
    await appInfo.load()
    emit('app:notice', moved)
    const shown = await screen.findAllByText(/profiles.json could not be read/)
    expect(shown).toHaveLength(1)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(/profiles.json could not be read/)).toBeNull()
    stop()
  })
})
