// `npm run security`: prints electronegativity's findings over the sources and exits 1 on anything that stops the build.
import { ELECTRON_VERSION, PROJECT_ROOT } from '../support/paths'
import { SOURCE_DIRS, problems, scan, unexplainedSuppressions } from './electronegativity'

const result = await scan(PROJECT_ROOT, SOURCE_DIRS, ELECTRON_VERSION)
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
  console.log(`\nelectronegativity: no HIGH finding in ${SOURCE_DIRS.join(', ')} (Electron ${ELECTRON_VERSION})`)
}
