// A busy machine for the benchmarks that must hold on one: processes that spin on the CPU beside the desks (four on
// two cores puts the load average near 6), stopped when the figures are taken.
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'

export interface CpuBurner {
  /** How many processes spin. */
  count: number
  /** The load average over the last minute, as the OS says it now. */
  load(): number
  stop(): void
}

/** `perCore` spinning processes per core of this machine. */
export function burnCpu(perCore = 2): CpuBurner {
  const count = availableParallelism() * perCore
  const burners: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random())'], { stdio: 'ignore' }),
  )
  return {
    count,
    load: () => Math.round(loadavg()[0]! * 10) / 10,
    stop: () => burners.forEach((burner) => burner.kill('SIGKILL')),
  }
}
