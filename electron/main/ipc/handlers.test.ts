// A reader finds a channel by its name: each *.handlers.ts module serves exactly the channels of its prefix.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CHANNELS } from '../../../shared/ipc/contract'

const modules = readdirSync(import.meta.dirname).filter((name) => name.endsWith('.handlers.ts'))

/** Handler factories only keep their argument for later: a stand-in that is never called is enough. */
const unused = new Proxy({}, { get: () => () => undefined })

describe('handler modules', () => {
  it.each(modules)('%s serves only the channels of its prefix', async (file) => {
    const prefix = file.replace('.handlers.ts', '')
    const module = (await import(`./${file}`)) as Record<string, (deps: unknown) => object>
    const factories = Object.values(module).filter((value) => typeof value === 'function')
    expect(factories).toHaveLength(1)
    const served = Object.keys(factories[0]!(unused))
    expect(served.length).toBeGreaterThan(0)
    expect(served.filter((channel) => !channel.startsWith(`${prefix}:`))).toEqual([])
    expect(served.sort()).toEqual(CHANNELS.filter((channel) => channel.startsWith(`${prefix}:`)).sort())
  })

  it('has a module for every channel prefix', () => {
    const prefixes = new Set(CHANNELS.map((channel) => channel.split(':')[0]))
    expect([...prefixes].sort()).toEqual(modules.map((file) => file.replace('.handlers.ts', '')).sort())
  })
})
