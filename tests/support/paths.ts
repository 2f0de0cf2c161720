// Paths tests share: the project root and the real fixtures beside the project in ../shared.
import { resolve } from 'node:path'

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..')
export const REAL_FIXTURES_DIR = resolve(PROJECT_ROOT, '../shared/fixtures/real')
