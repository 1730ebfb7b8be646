// The mails the binary queued, read with `immo mail` (no SMTP server in
// the browser tests: they wait in the queue).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { binaryPath } from './server.mjs'
import { slow } from './patience.mjs'

const run = promisify(execFile)

/** The text part of the newest queued mail to `to`, on the server's database. */
export async function mailTo(server, to) {
  const bin = binaryPath()
  const { stdout } = await run(bin, ['mail', '--data-dir', server.dataDir, '--limit', '1000'], { timeout: slow(20_000) })
  const row = stdout.split('\n').find((r) => r.includes(to))
  assert.ok(row, `no mail to ${to}:\n${stdout}`)
  const id = row.trim().split(/\s+/)[0]
  return (await run(bin, ['mail', '--data-dir', server.dataDir, '--text', id, '--limit', '1000'], { timeout: slow(20_000) })).stdout
}
