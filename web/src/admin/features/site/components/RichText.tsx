import { TableKit } from '@tiptap/extension-table'
import Image from '@tiptap/extension-image'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useState } from 'react'
import type { T } from '../../../shared/texts'

/**
 * A text holding HTML (a page's content, a footer column's text), edited as a document with TipTap: headings,
 * lists, links, pictures and tables; what it writes is HTML the server cleans by the same rules as a file's. Until
 * the editor runs (the server's render, no JavaScript) and whenever the staff member asks, the HTML itself in a
 * text area.
 */
export function RichText({ id, lang, value, readOnly, invalid, onChange, t }: {
  id: string
  lang: string
  value: string
  readOnly: boolean
  invalid: boolean
  onChange: (html: string) => void
  t: T
}) {
  const [source, setSource] = useState(false)
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), TableKit, Image],
    content: value,
    editable: !readOnly,
    immediatelyRender: false,
    editorProps: { attributes: { id, lang, 'aria-invalid': invalid ? 'true' : 'false', class: 'site-rich-body', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  })
  // A value changed elsewhere (the HTML view, a draft restored) reaches the document.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false })
    }
  }, [editor, value])
  // Without an update: TipTap's would hand the document back as a change, and a text the editor writes otherwise
  // (no paragraph around it) would change the draft by being opened.
  useEffect(() => {
    editor?.setEditable(!readOnly, false)
  }, [editor, readOnly])

  if (!editor || source) {
    return (
      <div className="site-rich">
        {editor && <button type="button" className="site-small" onClick={() => setSource(false)}>{t('admin.site.editor.richView')}</button>}
        <textarea id={id} lang={lang} rows={6} value={value} readOnly={readOnly} aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.target.value)} />
      </div>
    )
  }
  const ask = (key: string) => window.prompt(t(key))?.trim() ?? ''
  const tools: [string, () => void, boolean][] = [
    ['H2', () => editor.chain().focus().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 })],
    ['H3', () => editor.chain().focus().toggleHeading({ level: 3 }).run(), editor.isActive('heading', { level: 3 })],
    [t('admin.site.editor.bold'), () => editor.chain().focus().toggleBold().run(), editor.isActive('bold')],
    [t('admin.site.editor.italic'), () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic')],
    [t('admin.site.editor.bullets'), () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList')],
    [t('admin.site.editor.numbers'), () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList')],
    [t('admin.site.editor.link'), () => {
      const href = ask('admin.site.editor.linkAsk')
      if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
      else editor.chain().focus().unsetLink().run()
    }, editor.isActive('link')],
    [t('admin.site.editor.picture'), () => {
      const src = ask('admin.site.editor.pictureAsk')
      if (src) editor.chain().focus().setImage({ src }).run()
    }, false],
    [t('admin.site.editor.table'), () => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), editor.isActive('table')],
  ]
  return (
    <div className="site-rich">
      {!readOnly && (
        <div className="site-rich-tools" role="toolbar" aria-label={t('admin.site.editor.tools')} aria-controls={id}>
          {tools.map(([label, run, on]) => (
            <button key={label} type="button" className="site-small" aria-pressed={on} onClick={run}>{label}</button>
          ))}
          <button type="button" className="site-small" onClick={() => setSource(true)}>HTML</button>
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  )
}
