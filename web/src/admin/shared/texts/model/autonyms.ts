/** Each language by its own name (a choice of language reads the same in every one). */
export const autonyms: Record<string, string> = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' }
