// Globals QuickJS lacks, for the server bundle only. Imported first by
// entry-server.tsx. QuickJS has no console, window, document, URL, Intl,
// timers or TextEncoder; preact-render-to-string needs none of them, but the
// app may log through console. Messages go to the Go host function __immoLog
// (registered by internal/http/web/ssr), or nowhere.
type Log = (level: string, msg: string) => void
const g = globalThis as { console?: unknown; __immoLog?: Log }

if (typeof g.console === 'undefined') {
  const fmt = (args: unknown[]) =>
    args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : typeof a === 'string' ? a : safeJSON(a))).join(' ')
  const to = (level: string) => (...args: unknown[]) => g.__immoLog?.(level, fmt(args))
  g.console = { log: to('info'), info: to('info'), debug: to('debug'), warn: to('warn'), error: to('error') }
}

function safeJSON(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return String(v)
  }
}

export {}
