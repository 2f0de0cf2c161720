// The desk on the Venue view of a tournament, where devices are paired: the tournament opened from Tournaments, then
// Ctrl+0; nothing done when the desk is there already.
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

export async function openVenue(desk: Page, tournament: string): Promise<void> {
  if ((await desk.getByRole('heading', { level: 1 }).textContent()) === 'Venue') return
  await desk
    .getByRole('row', { name: new RegExp(tournament) })
    .getByRole('button', { name: 'Open' })
    .click()
  await desk.keyboard.press('Control+0')
  await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toBe('Venue')
}
