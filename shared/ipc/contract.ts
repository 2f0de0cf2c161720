// Channel → input and output schemas: the one declaration both sides of the IPC bridge take their types from.
import { z } from 'zod'
import type { Channel } from './channels'

export const AppInfo = z.object({
  version: z.string(),
  profile: z.object({ id: z.string(), name: z.string(), demo: z.boolean() }),
})

export const contract = {
  'app:info': { input: z.object({}).strict(), output: AppInfo },
} satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>

export type Contract = typeof contract
export type Input<C extends Channel> = z.input<Contract[C]['input']>
export type Output<C extends Channel> = z.output<Contract[C]['output']>
