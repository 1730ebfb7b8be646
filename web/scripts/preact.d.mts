export const preactModules: Record<string, string>
export function exactly(name: string): RegExp
