import type { Plugin as VitePlugin } from 'vite'
import type { Plugin as EsbuildPlugin } from 'esbuild'

export const LOCALES_ID: string
export const LOCALES_DIR: string
export const GO_ONLY_NAMESPACES: string[]
export function readLocales(dir?: string): { data: Record<string, Record<string, unknown>>; files: string[] }
export function localesModule(data: unknown): string
export function localesVitePlugin(): VitePlugin
export function localesEsbuildPlugin(): EsbuildPlugin
