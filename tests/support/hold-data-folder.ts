// The process folder-holder.ts starts: takes the data folder given as argv[2], says "held", and waits to be killed.
import { DataFolderLock } from '../../electron/main/data-folder'

const lock = DataFolderLock.acquire(process.argv[2]!, 'the lock test')
console.log('held')
setInterval(() => lock.dir, 60_000)
