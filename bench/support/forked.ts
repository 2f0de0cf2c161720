// A benchmark's clients in a process of their own (door phones, observer PCs), as they are on the venue's network: the
// hub's process then does only the desk's work, and its event-loop delay is main's alone. Told a job, the process
// answers `{ value }` or `{ error }`; it says "ready" once started, so its start is not measured with the work.
import { fork } from 'node:child_process'

export interface Forked<Job, Value> {
  run(job: Job): Promise<Value>
  close(): void
}

export function forked<Job, Value>(file: URL): Promise<Forked<Job, Value>> {
  const child = fork(file, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`${file.pathname} ended (${code}) before answering`))
      child.once('exit', exited)
      child.once('message', (message: T) => {
        child.off('exit', exited)
        resolve(message)
      })
    })
  const worker: Forked<Job, Value> = {
    run: async (job) => {
      const answer = next<{ value?: Value; error?: string }>()
      child.send(job as object)
      const { value, error } = await answer
      if (value === undefined) throw new Error(`${file.pathname}: ${error}`)
      return value
    },
    close: () => void child.kill(),
  }
  return next<'ready'>().then(() => worker)
}

/** The worker's side: each job run by `work`, its value or error answered. */
export function serveJobs<Job, Value>(work: (job: Job) => Promise<Value>): void {
  process.on('message', (job: Job) => {
    work(job).then(
      (value) => process.send!({ value }),
      (error: Error) => process.send!({ error: error.message }),
    )
  })
  process.send!('ready')
}
