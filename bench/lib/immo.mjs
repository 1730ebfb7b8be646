// The demo server the browser benchmarks measure (make lighthouse, make
// inp): bin/immo on a fresh data folder, pictures of its own only
// (IMMO_MAP_TILES=none: nothing leaves the machine), ready once the picture
// variants are made (a first start makes them in the background; before
// that pages get the originals).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')
const IMMO_BIN = resolve(root, process.env.IMMO_BIN || 'bin/immo')

/** A free port on the loopback. */
export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => ok(port))
    })
    s.on('error', fail)
  })
}

/**
 * Starts the binary and resolves once its pictures are made (the log line
 * "picture variants up to date"): { base, stop }. name names its data folder.
 */
export async function startImmo(name) {
  if (!existsSync(IMMO_BIN)) throw new Error(`${IMMO_BIN} not found: run make build first`)
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), `immo-${name}-`))
  const child = spawn(IMMO_BIN, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir], {
    env: { ...process.env, IMMO_MAP_TILES: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const ready = new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no "picture variants up to date" in 5 minutes:\n${log.slice(-2000)}`)), 300_000)
    const read = (chunk) => {
      log += chunk
      if (log.includes('picture variants up to date')) {
        clearTimeout(timer)
        ok()
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => fail(new Error(`immo exited (${code}):\n${log.slice(-2000)}`)))
  })
  process.on('exit', () => child.kill())
  console.error(`immo on 127.0.0.1:${port}, data in ${dataDir}; waiting for the picture variants…`)
  await ready
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() }
}
