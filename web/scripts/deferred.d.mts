import type { Plugin as VitePlugin } from 'vite'
import type { Plugin as EsbuildPlugin } from 'esbuild'

export function preloadDeferredForms(code: string): string | null
export function deferredEsbuildPlugin(): EsbuildPlugin
export function deferredVitePlugin(): VitePlugin
