// How the desk's tile says what a station's players reported from their phones, short enough for a tile: "Players
// agree 2–1 (confirmed)", "Disputed: 2–0 / 0–2" (the desk's notice says a judge is called), "Reported by A: 2–1".
import { gamesWon, type StationReport } from '../../../shared/floor/players'

const won = (games: StationReport['reports'][number]) => (games ? gamesWon(games).join('–') : '')

export function reportWords(report: StationReport, names: readonly string[]): string {
  const [first, second] = report.reports
  if (report.state === 'agreed') return `Players agree ${won(first)}${report.confirmed ? ' (confirmed)' : ''}`
  if (report.state === 'disputed') return `Disputed: ${won(first)} / ${won(second)}`
  const by = first ? 0 : 1
  return `Reported by ${names[by] ?? 'one player'}: ${won(report.reports[by])}`
}
