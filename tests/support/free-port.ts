// A port free on 127.0.0.1 now: for a server a test must start twice on the same port (OBS, the hub after a restart).
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
