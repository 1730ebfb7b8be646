import { useEffect, useState, type RefObject } from 'react'

/**
 * Whether the element has come near the viewport (within margin), once: it
 * stays true. False on the server and at hydration, so what the server
 * rendered hydrates unchanged; true at once where the browser has no
 * IntersectionObserver.
 */
export function useInView(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (seen || !el) return
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { rootMargin: margin },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, margin, seen])
  return seen
}
