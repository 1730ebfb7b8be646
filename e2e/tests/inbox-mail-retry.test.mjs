// The inbox's mail queue in Chromium, against the real binary sending to
// an SMTP server of the test's: while that server is down, the staff
// member's own password mail waits for a new attempt, its last error shown
// on the mails page; once the server is back, "send again" delivers it at
// once and the page says so. The inbox speaks French (the browser's).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createServer } from 'node:net'
import { after, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(120_000)
const STAFF = 'boss@agency.test'
const PASSWORD = 'correct-horse-42'
const say = (key) => text('fr', 'admin', key)

/** A free port on the loopback. */
async function freePort() {
  const s = createServer()
  await new Promise((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address()
  await new Promise((resolve) => s.close(resolve))
  return port
}

/** A minimal SMTP server on port: it accepts every mail and keeps its recipients and data. */
function smtpServer(port) {
  const mails = []
  const server = createServer((socket) => {
    socket.setEncoding('utf8')
    let buf = ''
    let data = null
    let to = []
    socket.write('220 localhost ESMTP test\r\n')
    socket.on('data', (chunk) => {
      buf += chunk
      let i
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i)
        buf = buf.slice(i + 2)
        if (data !== null) {
          if (line === '.') {
            mails.push({ to, data: data.join('\n') })
            data = null
            to = []
            socket.write('250 OK queued\r\n')
          } else data.push(line)
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-localhost\r\n250 8BITMIME\r\n')
        else if (verb === 'RCPT') { to.push(line); socket.write('250 OK\r\n') }
        else if (verb === 'DATA') { data = []; socket.write('354 go ahead\r\n') }
        else if (verb === 'QUIT') { socket.end('221 bye\r\n') }
        else socket.write('250 OK\r\n') // MAIL, RSET, NOOP
      }
    })
    socket.on('error', () => {})
  })
  return {
    mails,
    listen: () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe('inbox: the mail queue', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let smtp

  after(async () => {
    await smtp?.close().catch(() => {})
  })

  it('a mail that waits while the SMTP server is down is sent again from the inbox once it is back', { timeout: TIMEOUT, skip }, async () => {
    const port = await freePort()
    smtp = smtpServer(port)
    process.env.IMMO_SMTP_URL = `smtp://127.0.0.1:${port}?tls=none` // nothing listens there yet
    try {
      await server.start()
    } finally {
      delete process.env.IMMO_SMTP_URL
    }
    await run(binaryPath(), ['staff', 'add', STAFF, '--role', 'admin', '--first-name', 'Ann', '--last-name', 'Boss', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, STAFF))?.[0]
    assert.ok(link, 'a password link, read from the queue')
    const staff = await openContext(await browser.get(), server.origin)
    try {
      const page = await staff.context.newPage()
      await page.goto(server.url + link)
      await page.locator('#login-password').fill(PASSWORD)
      await page.locator('#login-passwordConfirm').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])

      // The password mail waits for a new attempt, its error said.
      const row = page.locator('tr', { hasText: STAFF })
      for (let i = 0; i < 30; i++) {
        await page.goto(server.url + '/admin/mails/')
        if (await row.locator('.admin-status', { hasText: say('mail.retrying') }).count()) break
        await new Promise((r) => setTimeout(r, 500))
      }
      await row.locator('.admin-status', { hasText: say('mail.retrying') }).waitFor({ timeout: slow(1_000) })
      await row.locator('.admin-error', { hasText: say('mails.lastError') }).waitFor()
      assert.equal(smtp.mails.length, 0)

      // The server is back: sent again at once.
      await smtp.listen()
      await row.locator('button', { hasText: say('mails.retry') }).click()
      for (let i = 0; i < 40 && smtp.mails.length === 0; i++) await new Promise((r) => setTimeout(r, 250))
      assert.equal(smtp.mails.length, 1, 'delivered once the server is back')
      assert.match(smtp.mails[0].to.join(' '), /boss@agency\.test/)
      for (let i = 0; i < 20; i++) {
        await page.goto(server.url + '/admin/mails/')
        if (await row.locator('.admin-status', { hasText: say('mail.sent') }).count()) break
        await new Promise((r) => setTimeout(r, 250))
      }
      await row.locator('.admin-status', { hasText: say('mail.sent') }).waitFor({ timeout: slow(1_000) })
      staff.assertClean('the staff member')
    } finally {
      await staff.close()
    }
  })
})
