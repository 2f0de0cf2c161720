// Damaged files are never deleted: moved aside under a timestamped name, for the person (or support) to look at.
import { existsSync, renameSync } from 'node:fs'

/** A timestamp usable in a file name on every OS: 2026-11-22T19-05-03Z. */
export function fileStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')
}

/** Renames `file` (and its companions, such as SQLite's -wal and -shm) to `<file>.<why>-<stamp>`; returns that name. */
export function setAside(file: string, why: string, companions: string[] = [], at = new Date()): string {
  const kept = `${file}.${why}-${fileStamp(at)}`
  renameSync(file, kept)
  for (const suffix of companions) if (existsSync(file + suffix)) renameSync(file + suffix, kept + suffix)
  return kept
}
