// `npm run security`: prints electronegativity's findings over the sources and exits 1 on anything that stops the build.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../support/paths'
import { SOURCE_DIRS, problems, scan, unexplainedSuppressions } from './electronegativity'

const electron = JSON.parse(await readFile(join(PROJECT_ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
  version: string
}
const result = await scan(PROJECT_ROOT, SOURCE_DIRS, electron.version)
for (const finding of result.findings) {
  console.log(
    `${finding.severity.padEnd(6)} ${finding.confidence.padEnd(9)} ${finding.check.padEnd(40)} ${finding.where}`,
  )
}
const blocking = problems(result, await unexplainedSuppressions(PROJECT_ROOT, SOURCE_DIRS))
if (blocking.length > 0) {
  console.error(`\nelectronegativity: ${blocking.length} problem(s)\n${blocking.join('\n')}`)
  process.exitCode = 1
} else {
  console.log(`\nelectronegativity: no HIGH finding in ${SOURCE_DIRS.join(', ')} (Electron ${electron.version})`)
}
