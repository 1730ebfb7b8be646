// Starts the immo binary for a test file: a fresh SQLite data dir, a port the
// kernel picks (--addr 127.0.0.1:0), the address read from the line the
// binary prints ("immo is serving on http://HOST:PORT"). Nothing is built
// here: IMMO_BIN names the binary (default ../bin/immo, from `make build`).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after } from 'node:test'
import { fileURLToPath } from 'node:url'
import { slow } from './patience.mjs'

const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const READY = /immo is serving on (https?:\/\/\S+)/
const START_TIMEOUT_MS = slow(30_000)
const STOP_TIMEOUT_MS = slow(5_000)
const LOG_LINES = 400

/** The binary to run: $IMMO_BIN (relative to the working directory) or ../bin/immo next to e2e/. */
export function binaryPath() {
  const env = process.env.IMMO_BIN
  return env ? path.resolve(process.cwd(), env) : path.join(E2E_DIR, '..', 'bin', 'immo')
}

/**
 * Starts `immo serve` (with extra arguments, e.g. ['--config', file]) and resolves once it listens.
 * `env` adds variables to its environment, e.g. { IMMO_CLOCK_FILE: file } (a clock the test moves).
 * @param {string[]} [args]
 * @param {{env?: Record<string, string>}} [options]
 * @returns {Promise<{url: string, origin: string, dataDir: string, log: () => string, warnings: () => string[], stop: () => Promise<void>}>}
 */
export async function startServer(args = [], { env: extraEnv = {} } = {}) {
  const bin = binaryPath()
  if (!existsSync(bin)) {
    throw new Error(`immo binary not found at ${bin}: build it first (make build), or set IMMO_BIN`)
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'immo-e2e-'))
  const env = { ...process.env }
  delete env.DATABASE_URL // SQLite in the data dir, whatever the caller's shell has
  delete env.IMMO_ADDR
  delete env.IMMO_DATA_DIR
  delete env.IMMO_PUBLIC_URL
  delete env.IMMO_CONFIG
  delete env.IMMO_CLOCK_FILE
  // No test may need the internet: the map frame adds no tile layer.
  env.IMMO_MAP_TILES = 'none'
  // The background pre-render of every page would take a core from the
  // browser while each test's server lives (Go tests cover it; a test can
  // pass --prerender to have it).
  env.IMMO_PRERENDER = 'off'
  Object.assign(env, extraEnv)

  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--data-dir', dataDir, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const killOnExit = () => child.kill('SIGKILL')
  process.on('exit', killOnExit)

  const lines = []
  const keep = (line) => {
    lines.push(line)
    if (lines.length > LOG_LINES) lines.shift()
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))

  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`immo did not print "immo is serving on …" within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS)
    const fail = (err) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${err.message}\n--- immo output ---\n${lines.join('\n')}`))
    }
    const reader = (stream, onLine) => {
      let buf = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        buf += chunk
        let i
        while ((i = buf.indexOf('\n')) >= 0) {
          onLine(buf.slice(0, i))
          buf = buf.slice(i + 1)
        }
      })
    }
    reader(child.stdout, (line) => {
      keep(line)
      const m = READY.exec(line)
      if (m) {
        clearTimeout(timer)
        resolve(m[1].replace(/\/$/, ''))
      }
    })
    reader(child.stderr, keep)
    child.once('error', (err) => fail(new Error(`cannot start ${bin}: ${err.message}`)))
    exited.then(({ code, signal }) => fail(new Error(`immo exited before serving (code ${code}, signal ${signal})`)))
  })

  let stopped = false
  return {
    url,
    origin: new URL(url).origin,
    /** The server's data directory (its SQLite database), e.g. for `immo mail --data-dir`. */
    dataDir,
    /** The binary's recent output (stdout and stderr). */
    log: () => lines.join('\n'),
    /** Logged warnings and errors, e.g. "server render failed; serving the shell". */
    warnings: () => lines.filter((l) => /level=(WARN|ERROR)/.test(l)),
    async stop() {
      if (stopped) return
      stopped = true
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
        await exited
        clearTimeout(timer)
      }
      process.off('exit', killOnExit)
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A server for the current suite, started by the first test that awaits
 * start() (not in a `before` hook: a hook failure would not count as a failed
 * test in the runner's summary) and stopped in `after`. Once started, the
 * handle carries the server's fields (url, origin, log, warnings). args go
 * to `immo serve`, options (env) as startServer's.
 */
export function useServer(args = [], options = {}) {
  let starting = null
  const handle = {
    /** Starts the server once; every caller gets the same server, or the same error. */
    start() {
      starting ??= startServer(args, options).then((s) => Object.assign(handle, s))
      return starting
    },
    warnings: () => [],
  }
  after(async () => {
    const s = await starting?.catch(() => null)
    await s?.stop()
  })
  return handle
}
