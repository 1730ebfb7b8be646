// Vitest: every language registered, as in the server bundle.
import '../lib/i18n/all'
