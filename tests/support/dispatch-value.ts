// A channel called as the page calls it, through main's dispatch: its value, or an error naming the channel and why
// (the refusal kept as `error` for tests that look at its code and fields).
import type { Dispatch } from '../../electron/main/ipc/dispatch'

export function dispatchValue(services: () => { dispatch: Dispatch }) {
  return async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const result = await services().dispatch(channel, input)
    if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.message}`), { error: result.error })
    return result.value as T
  }
}
