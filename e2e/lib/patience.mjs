// How much longer than on a quiet machine a browser test waits before it
// fails. Every wait of these tests is for something that must happen (a
// page, a hydration, a proof of work, a mail): its timeout only bounds a
// hang, and it must hold while another heavy job (a second `make test`)
// shares the cores — Chromium, the server and the proof of work then take
// several times as long. E2E_PATIENCE sets the factor (default 4; 1 to see
// what is slow on a quiet machine).
const factor = Number(process.env.E2E_PATIENCE || 4)
if (!(factor >= 1)) throw new Error(`E2E_PATIENCE=${process.env.E2E_PATIENCE}: a factor of at least 1`)

/** The timeout to give a wait that takes at most ms on a quiet machine. */
export function slow(ms) {
  return Math.round(ms * factor)
}
