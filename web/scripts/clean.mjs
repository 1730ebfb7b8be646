// Empties internal/http/web/assets/dist except the committed placeholder.
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const dist = new URL('../../internal/http/web/assets/dist/', import.meta.url).pathname
for (const name of readdirSync(dist)) {
  if (name !== 'placeholder.txt') rmSync(join(dist, name), { recursive: true, force: true })
}
