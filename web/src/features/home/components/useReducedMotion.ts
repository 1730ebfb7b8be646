import { useEffect, useState } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

/**
 * Whether the visitor asks for reduced motion: null until mounted (the
 * server cannot know, so nothing moves before hydration decides), then
 * kept in step with the setting.
 */
export function useReducedMotion(): boolean | null {
  const [reduced, setReduced] = useState<boolean | null>(null)
  useEffect(() => {
    const mq = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null
    setReduced(mq?.matches ?? false)
    if (!mq) return
    const onChange = () => setReduced(mq.matches)
    mq.addEventListener?.('change', onChange)
    return () => mq.removeEventListener?.('change', onChange)
  }, [])
  return reduced
}
