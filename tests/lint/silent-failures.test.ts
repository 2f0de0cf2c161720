// No failure vanishes, in main or on a page: every `catch` and `.catch(…)` rethrows or turns it into another error,
// logs it (main's module log; a page's `reportFailure`/`failed`, which reach main's log), answers it to whoever asked
// (a hub reply, a refusal, a report, words on the page), or says on the spot, after "let go:", why nobody needs to
// hear of it (an unreadable input that is the answer, a socket already going away).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'

const MAIN = join(PROJECT_ROOT, 'electron', 'main')
const PAGES = join(PROJECT_ROOT, 'renderer', 'src')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path)
    const source = (entry.name.endsWith('.ts') || entry.name.endsWith('.svelte')) && !entry.name.endsWith('.test.ts')
    return source ? [path] : []
  })
}

/** A file's code as TypeScript: a Svelte component's script blocks (other lines blanked, so line numbers hold). */
function codeOf(path: string): string {
  const text = readFileSync(path, 'utf8')
  if (!path.endsWith('.svelte')) return text
  let inScript = false
  return text
    .split('\n')
    .map((line) => {
      if (/^<script\b/.test(line)) inScript = true
      else if (/^<\/script>/.test(line)) inScript = false
      else if (inScript) return line
      return ''
    })
    .join('\n')
}

/** What tells someone: a throw, a module log's line, a failure handed on, an answer to the request or the caller. */
const TELLS = [
  /\bthrow\b/,
  /\blog\.(?:debug|info|warn|error)\(/,
  /\bfailed\(/,
  /\bsendAppError\(/,
  /\bnotify\(/,
  /\bproblems\.push\(/,
  /\bdone\(\s*Object\.assign\(new Error/,
  /\breturn\s+(?:\{\s*(?:ok: false|refused|problem|sent|malformed|readable)|'|`|this\.moveAside)/,
  /\boutcome\s*=/,
  /\bthis\.(?:fail|dropped)\(/,
  // A page's: reported to main's log, or said on the page.
  /\b(?:reportFailure|failed|logAndLetGo)\(/,
  /\bnotices\.show\(/,
  /\b(?:errors?|problem)\s*=\s*[{`'a-zA-Z]/,
  /\bfail\(/,
]
const LET_GO = /\/\/\s*let go: \S/

/** Each place in a file where a failure is caught and nobody hears of it, with no word on why. */
export function silentCatches(path: string): string[] {
  const text = codeOf(path)
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const where = (node: ts.Node) =>
    `${relative(PROJECT_ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  /** The handler's own text, with the comments on its line and the line before (where a `.catch` says why). */
  const said = (node: ts.Node, handler: ts.Node) => {
    const lines = text.split('\n')
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line
    const end = file.getLineAndCharacterOfPosition(handler.getEnd()).line
    return [lines[line - 1] ?? '', ...lines.slice(line, end + 1)].join('\n')
  }
  const visit = (node: ts.Node) => {
    if (ts.isCatchClause(node)) {
      const body = node.block.getFullText()
      if (!TELLS.some((tells) => tells.test(body)) && !LET_GO.test(said(node, node.block))) found.push(where(node))
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const handler = node.arguments[0]
      if (node.expression.name.text === 'catch' && handler) {
        const body = handler.getText()
        if (
          !TELLS.some((tells) => tells.test(body)) &&
          !/^\w+$/.test(body) &&
          !LET_GO.test(said(node.expression.name, handler))
        )
          found.push(where(node.expression.name))
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('failures', () => {
  it('in main are told to someone, or say where they let one go and why', () => {
    expect(sourceFiles(MAIN).flatMap(silentCatches)).toEqual([])
  })

  it('on the pages (the desk window, doors, boards, tablets, overlays) likewise', () => {
    const pages = sourceFiles(PAGES)
    expect(pages.some((path) => path.endsWith('.svelte'))).toBe(true)
    expect(pages.flatMap(silentCatches)).toEqual([])
  })
})
