// Every IPC input is bounded by the contract: strings by length or a closed set, arrays by count, free JSON by depth and size.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CHANNELS } from './contract'
import { contract } from './contract'

type JsonSchema = {
  type?: string | string[]
  maxLength?: number
  maxItems?: number
  enum?: unknown[]
  const?: unknown
  format?: string
  not?: unknown
  boundedJson?: boolean
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  propertyNames?: JsonSchema
  items?: JsonSchema
  prefixItems?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}

/** Paths inside a JSON Schema that accept input without a bound. */
function unbounded(schema: JsonSchema, path: string): string[] {
  if (schema.boundedJson || schema.enum || 'const' in schema || schema.not) return []
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]
  if (branches.length) return branches.flatMap((branch) => unbounded(branch, path))
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length === 0) return [`${path} accepts anything`]
  const found: string[] = []
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    schema.format !== 'date' &&
    schema.format !== 'date-time'
  ) {
    found.push(`${path} is a string without a maximum length`)
  }
  if (types.includes('array')) {
    if (schema.maxItems === undefined) found.push(`${path} is an array without a maximum count`)
    if (schema.items) found.push(...unbounded(schema.items, `${path}[]`))
    for (const [i, item] of (schema.prefixItems ?? []).entries()) found.push(...unbounded(item, `${path}[${i}]`))
  }
  if (types.includes('object')) {
    for (const [key, value] of Object.entries(schema.properties ?? {}))
      found.push(...unbounded(value, `${path}.${key}`))
    const others = schema.additionalProperties
    if (others !== false && others !== undefined) {
      // A record whose keys are bounded (locale codes) is as bounded as its values.
      const keys = schema.propertyNames
      if (others !== true && keys && (keys.maxLength !== undefined || keys.enum))
        found.push(...unbounded(others, `${path}.*`))
      else found.push(`${path} takes any other keys without a bound on depth and size`)
    }
  }
  return found
}

describe('contract bounds', () => {
  it.each(CHANNELS)('%s bounds every part of its input', (channel) => {
    const schema = z.toJSONSchema(contract[channel].input, { io: 'input', unrepresentable: 'any' }) as JsonSchema
    expect(unbounded(schema, 'input')).toEqual([])
  })
})
