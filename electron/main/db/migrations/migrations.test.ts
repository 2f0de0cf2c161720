// Migrations are numbered files in order, one schema step each; a fresh database and an upgraded one end the same.
import { readdirSync } from 'node:fs'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../db'
import { MIGRATIONS } from '.'

const schemaOf = (db: Database.Database) =>
  db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all()

describe('migrations', () => {
  it('are the numbered files of this folder, in order, without gaps', () => {
    const files = readdirSync(import.meta.dirname).filter((name) => /^\d{4}-.*\.ts$/.test(name))
    expect(files.map((name) => Number(name.slice(0, 4)))).toEqual(files.map((_, i) => i + 1))
    expect(MIGRATIONS).toHaveLength(files.length)
  })

  it('upgrade a database of every earlier version to the same schema as a fresh one', () => {
    const fresh = new Database(':memory:')
    migrate(fresh)
    for (let version = 1; version < MIGRATIONS.length; version++) {
      const old = new Database(':memory:')
      for (const [i, step] of MIGRATIONS.slice(0, version).entries()) {
        old.exec(step)
        old.pragma(`user_version = ${i + 1}`)
      }
      migrate(old)
      expect(schemaOf(old)).toEqual(schemaOf(fresh))
      expect(old.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    }
  })
})
