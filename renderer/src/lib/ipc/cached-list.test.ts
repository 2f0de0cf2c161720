// A view's cached list loads for its input, follows cache:updated while the view lives, and stops with it.
import { render } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { answer, calls, emit } from '../../test-support/fake-api'
import { forgetLastAnswers } from './cached-list.svelte'
import { selection } from '../desks/selection.svelte'
import StreamsView from '../../views/StreamsView.svelte'
import { screen } from '@testing-library/svelte'

const reads = () => calls.filter((c) => c.channel === 'streams:list')
const stream = (id: string, name: string, tournament: string) => ({
  id,
  tournament_id: tournament,
  name,
  url: `https://www.twitch.tv/${id}`,
  language: 'en',
})

describe('cached list', () => {
  it('loads for the chosen tournament, reloads on cache:updated, and stops when the view is gone', async () => {
    selection.choose({ id: 't1', name: 'Cup', participantType: 'single' })
    answer('streams:list', () => ({ items: [], refreshedAt: 1 }))
    const view = render(StreamsView)
    await expect.poll(() => reads().length).toBe(1)
    expect(reads()[0]!.input).toEqual({ tournamentId: 't1', filters: {} })

    emit('cache:updated', { resource: 'streams', scope: 't1' })
    emit('cache:updated', { resource: 'participants', scope: 't1' })
    emit('cache:updated', { resource: 'streams', scope: 'another tournament' })
    await expect.poll(() => reads().length).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads().length).toBe(2)

    selection.choose({ id: 't2', name: 'Other cup', participantType: 'single' })
    await expect.poll(() => reads().at(-1)!.input).toEqual({ tournamentId: 't2', filters: {} })

    view.unmount()
    const after = reads().length
    emit('cache:updated', { resource: 'streams', scope: 't2' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads().length).toBe(after)
  })

  it('lays the changed items of a refresh over the list, without reading it again', async () => {
    selection.choose({ id: 't3', name: 'Cup', participantType: 'single' })
    answer('streams:list', () => ({ items: [stream('s1', 'Main', 't3'), stream('s2', 'Side', 't3')], refreshedAt: 1 }))
    render(StreamsView)
    await screen.findByText('Side')
    const before = reads().length
    emit('cache:updated', {
      resource: 'streams',
      scope: 't3',
      refreshedAt: 2,
      changes: { upserted: [stream('s2', 'Side renamed', 't3')], removed: [] },
    })
    await screen.findByText('Side renamed')
    expect(screen.getByText('Main')).toBeTruthy()
    emit('cache:updated', {
      resource: 'streams',
      scope: 't3',
      refreshedAt: 3,
      changes: { upserted: [], removed: ['s1'] },
    })
    await expect.poll(() => screen.queryByText('Main')).toBeNull()
    expect(screen.getByText('Side renamed')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads().length).toBe(before)
  })

  it('does not read twice when the refresh it waits for is announced while its first read travels', async () => {
    selection.choose({ id: 't4', name: 'Cup', participantType: 'single' })
    let release: () => void = () => undefined
    answer('streams:list', async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return { items: [], refreshedAt: 500 }
    })
    render(StreamsView)
    await expect
      .poll(() => reads().filter((c) => (c.input as { tournamentId: string }).tournamentId === 't4').length)
      .toBe(1)
    emit('cache:updated', { resource: 'streams', scope: 't4', refreshedAt: 500 })
    release()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(reads().filter((c) => (c.input as { tournamentId: string }).tournamentId === 't4').length).toBe(1)
    // A refresh newer than the answer that came back is read again.
    answer('streams:list', () => ({ items: [], refreshedAt: 900 }))
    emit('cache:updated', { resource: 'streams', scope: 't4', refreshedAt: 900 })
    await expect
      .poll(() => reads().filter((c) => (c.input as { tournamentId: string }).tournamentId === 't4').length)
      .toBe(2)
  })

  it('opens at once on what a view just showed for the same input, then shows the fresh answer when it comes', async () => {
    selection.choose({ id: 't5', name: 'Cup', participantType: 'single' })
    answer('streams:list', () => ({ items: [stream('s1', 'Main stage', 't5')], refreshedAt: 1 }))
    const first = render(StreamsView)
    await screen.findByText('Main stage')
    first.unmount()

    // Main's next answer is slow and says something else (renamed while no view showed the list).
    let release: () => void = () => undefined
    answer('streams:list', async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return { items: [stream('s1', 'Main stage renamed', 't5')], refreshedAt: 2 }
    })
    render(StreamsView)
    expect(await screen.findByText('Main stage')).toBeTruthy()
    release()
    await screen.findByText('Main stage renamed')
    expect(screen.queryByText('Main stage')).toBeNull()
  })

  it('keeps nothing from another connection', async () => {
    selection.choose({ id: 't6', name: 'Cup', participantType: 'single' })
    answer('streams:list', () => ({ items: [stream('s1', 'Old', 't6')], refreshedAt: 1 }))
    render(StreamsView).unmount()
    await expect.poll(() => reads().length).toBe(1)
    forgetLastAnswers()
    answer('streams:list', () => new Promise(() => undefined))
    render(StreamsView)
    await expect.poll(() => reads().length).toBe(2)
    expect(screen.queryByText('Old')).toBeNull()
  })
})
