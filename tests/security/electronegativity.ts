// Electronegativity over the app's sources, offline: its findings, and a verdict that fails on HIGH or on an unexplained suppression.
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { z } from 'zod'

const require = createRequire(import.meta.url)
const ENGINE_DIR = dirname(require.resolve('@doyensec/electronegativity/package.json'))
const requireFromEngine = createRequire(join(ENGINE_DIR, 'package.json'))
// Note: electronegativity's runner asks GitHub for fresh translations (1 s timeout) and falls back to its bundled English.

/** The folders whose code ends up in the app: main process and preload, renderer, and what both share. */
export const SOURCE_DIRS = ['electron', 'renderer', 'shared'] as const

/** This check downloads Electron's release list at every run; CI has no network, and upgrades are a dependency matter. */
const NEEDS_NETWORK = ['availablesecurityfixesglobalcheck']

const Severity = z.enum(['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH'])
const RawIssue = z.object({
  id: z.string(),
  file: z.string(),
  location: z.object({ line: z.number(), column: z.number() }).partial(),
  description: z.string(),
  severity: z.object({ name: Severity }),
  confidence: z.object({ name: z.string() }),
})
const RawError = z.object({ file: z.string(), message: z.string() })
const RawResult = z.object({ issues: z.array(RawIssue), errors: z.array(RawError) })

export interface Finding {
  check: string
  severity: z.infer<typeof Severity>
  confidence: string
  where: string
  description: string
}

export interface Scan {
  findings: Finding[]
  /** Files electronegativity could not parse (`path: reason`): their checks did not run. */
  unreadable: string[]
}

type Runner = (options: Record<string, unknown>, forCli: boolean) => Promise<unknown>

async function copySources(root: string, dirs: readonly string[], into: string): Promise<void> {
  for (const dir of dirs) {
    await cp(join(root, dir), join(into, basename(dir)), {
      recursive: true,
      filter: (source) => !source.split(/[\\/]/).includes('node_modules'),
    })
  }
}

/** Runs every check but the networked one over `dirs` of `root`, as one input so that global checks see all of it. */
export async function scan(root: string, dirs: readonly string[], electronVersion: string): Promise<Scan> {
  const run = requireFromEngine('./dist/runner.js') as Runner
  const input = await mkdtemp(join(tmpdir(), 'matchdesk-electronegativity-'))
  try {
    await copySources(root, dirs, input)
    const result = RawResult.parse(
      await run(
        {
          input,
          customScan: [],
          excludeFromScan: NEEDS_NETWORK,
          isRelative: true,
          isVerbose: false,
          electronVersionOverride: electronVersion,
          parserPlugins: [],
        },
        false,
      ),
    )
    return {
      unreadable: result.errors.map((error) => `${relative(input, error.file)}: ${error.message}`),
      findings: result.issues.map((issue) => ({
        check: issue.id,
        severity: issue.severity.name,
        confidence: issue.confidence.name,
        where: issue.file === 'N/A' ? '(whole app)' : `${issue.file}:${issue.location.line ?? '?'}`,
        description: issue.description,
      })),
    }
  } finally {
    await rm(input, { recursive: true, force: true })
  }
}

/** An `eng-disable` comment must say why after ` -- ` (electronegativity itself reads only the check names before it). */
const SUPPRESSION = /eng-disable\b(.*)$/
const EXPLAINED = /^[\s\w,]+--\s*\S.{8,}/

export async function unexplainedSuppressions(root: string, dirs: readonly string[]): Promise<string[]> {
  const found: string[] = []
  for (const dir of dirs) {
    const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true })
    for (const entry of entries) {
      const path = join(entry.parentPath, entry.name)
      if (!entry.isFile() || path.includes('node_modules') || !/\.(ts|js|mjs|cjs|html|svelte)$/.test(entry.name))
        continue
      const lines = (await readFile(path, 'utf8')).split('\n')
      lines.forEach((line, index) => {
        const match = SUPPRESSION.exec(line)
        if (match && !EXPLAINED.test(match[1] ?? '')) found.push(`${relative(root, path)}:${index + 1}`)
      })
    }
  }
  return found
}

/** What stops the build: any HIGH finding, any file the checks could not read, any suppression without a reason. */
export function problems(result: Scan, suppressions: string[]): string[] {
  return [
    ...result.findings
      .filter((finding) => finding.severity === 'HIGH')
      .map((f) => `HIGH ${f.check} at ${f.where}: ${f.description}`),
    ...result.unreadable.map((error) => `could not read ${error}`),
    ...suppressions.map((where) => `eng-disable without a reason (write "-- why") at ${where}`),
  ]
}
