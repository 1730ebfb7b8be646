/** Plain text with line breaks: blank lines separate paragraphs, single ones break lines. */
export function Description({ text, lang }: { text: string; lang?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)
  return (
    <div className="description" lang={lang}>
      {paragraphs.map((para, i) => (
        <p key={i}>
          {para.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  )
}
