// axe-core run in a page as it is: WCAG 2.0/2.1/2.2 A and AA rules, or only the ones named; each violation as one
// line (rule, how many nodes, the first targets and what axe says), so a failing test says what to fix.
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The rule sets a venue's pages are held to. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** An overlay is a picture on a stream, not a page to work in: judged on its contrast and its language. */
export const OVERLAY_RULES = ['color-contrast', 'html-has-lang', 'html-lang-valid', 'valid-lang']

interface AxeResult {
  violations: {
    id: string
    impact: string | null
    help: string
    nodes: { target: string[]; failureSummary?: string }[]
  }[]
}

/** The violations on the page now, one line each (empty: none). */
export async function axeViolations(page: Page, only: { tags?: string[]; rules?: string[] } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE })
  const runOnly = only.rules ? { type: 'rule', values: only.rules } : { type: 'tag', values: only.tags ?? WCAG_AA }
  const result = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResult> } }).axe.run(
        document,
        { runOnly: options, resultTypes: ['violations'] },
      ),
    runOnly,
  )
  return result.violations.map((v) => {
    const targets = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(', ')
    const why = v.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''
    return `${v.id} ×${v.nodes.length} (${v.impact}): ${v.help} — ${targets}${why ? ` — ${why}` : ''}`
  })
}
