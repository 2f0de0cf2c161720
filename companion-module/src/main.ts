// The module's entry point in Companion: an instance per connection, its configuration fields, and the connection to
// the hub (connection.ts) with the instance as its host.
import { InstanceBase, runEntrypoint, type SomeCompanionConfigField } from '@companion-module/base'
import { configFields, type ModuleConfig, type ModuleSecrets } from './config.js'
import { MatchdeskConnection } from './connection.js'

class MatchdeskInstance extends InstanceBase<ModuleConfig, ModuleSecrets> {
  private connection: MatchdeskConnection | undefined

  override async init(config: ModuleConfig, _isFirstInit: boolean, secrets: ModuleSecrets): Promise<void> {
    this.connection = new MatchdeskConnection(this)
    this.connection.configure({ ...config, ...secrets })
  }

  override async configUpdated(config: ModuleConfig, secrets: ModuleSecrets): Promise<void> {
    this.connection?.configure({ ...config, ...secrets })
  }

  override async destroy(): Promise<void> {
    this.connection?.destroy()
  }

  override getConfigFields(): SomeCompanionConfigField[] {
    return configFields()
  }
}

runEntrypoint(MatchdeskInstance, [])
